// Segmented UDP sends (Linux UDP_SEGMENT): a frame's runs of equal-size packets leave in a few
// send calls, and the receiver gets exactly the datagrams, in the order and with the bytes, that
// sending packet by packet gives. Also: a segmented destination with nothing listening still
// counts its errors (the kernel reports the ICMP refusals on the socket) and backs off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tsharkAvailable, tsharkDecode, udpCapture } from '../../helpers/pcap.js';
import { outputRig, segmentationWorks } from './helpers.js';

async function capture(t: Parameters<typeof outputRig>[0], batchSends: boolean) {
  const cap = await udpCapture();
  t.after(() => cap.close());
  const rig = await outputRig(t, { artnet: cap.port, sacn: cap.port }, undefined, { batchSends });
  // 130 rows of 170 RGB pixels: 130 full Art-Net universes from universe 1, then an ArtSync.
  rig.fixture('GridFixture', { numRows: 130, numColumns: 170, protocol: 'ARTNET', artNetUniverse: 1, artNetSequenceEnabled: true, enabled: true });
  rig.light.lx.output.artNetSync.setValue(1);
  await rig.frames(1);
  await cap.waitFor(131);
  await rig.frames(1);
  await cap.waitFor(2 * 131);
  await new Promise((r) => setTimeout(r, 30));
  return { packets: cap.packets, stats: rig.outputs.stats().destinations[0] };
}

test('segmented sends: the same datagrams, bytes and order as one send per packet, in a few send calls', async (t) => {
  const segmented = await capture(t, true);
  const single = await capture(t, false);
  assert.equal(segmented.packets.length, 262);
  assert.deepEqual(
    segmented.packets.map((p) => p.toString('hex')),
    single.packets.map((p) => p.toString('hex')),
  );
  assert.deepEqual([segmented.stats.packets, segmented.stats.errors], [262, 0]);
  assert.deepEqual([single.stats.packets, single.stats.sends], [262, 262]);
  if (await segmentationWorks()) {
    // Per frame: 64 + 64 universes, then the last 2 with the ArtSync as a shorter last segment.
    assert.equal(segmented.stats.sends, 2 * 3, 'three send calls per frame');
  } else {
    t.diagnostic('this kernel cannot segment UDP sends: checked the packet-by-packet path only');
    assert.equal(segmented.stats.sends, 262);
  }
  if (tsharkAvailable()) {
    const layers = await tsharkDecode(segmented.packets.slice(125, 135), 'artnet', 6454);
    const ops = layers.map((l) => (l.artnet as Record<string, Record<string, string>>)['artnet.header']['artnet.header.opcode']);
    assert.deepEqual(ops, ['0x5000', '0x5000', '0x5000', '0x5000', '0x5000', '0x5200', '0x5000', '0x5000', '0x5000', '0x5000']);
  }
});

test('segmented sends: a destination with nothing listening counts ECONNREFUSED and backs off', async (t) => {
  const cap = await udpCapture();
  const port = cap.port;
  await cap.close(); // nothing listens on `port` now
  const rig = await outputRig(t, { artnet: port });
  rig.fixture('GridFixture', { numRows: 10, numColumns: 170, protocol: 'ARTNET', enabled: true });
  for (let i = 0; i < 12; i++) {
    await rig.frames(1);
    await new Promise((r) => setTimeout(r, 5));
  }
  const failing = rig.outputs.stats().destinations[0];
  assert.ok(failing.errors >= 3, `errors counted: ${JSON.stringify(failing)}`);
  const perSend = (await segmentationWorks()) ? 10 : 1;
  // Every send call carried the frame's 10 universes (one segmented send) or one: sent, or counted as errors.
  assert.equal(failing.packets + failing.errors, perSend * failing.sends, `each send carried ${perSend} universes: ${JSON.stringify(failing)}`);
  assert.match(failing.lastError ?? '', /ECONNREFUSED/);
  assert.ok(failing.skipped > 0, 'frames are skipped while backing off');
});
