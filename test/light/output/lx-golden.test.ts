// Fixture-file outputs against LX 1.2.1 itself: the scene of test/golden/lx-outputs (fixture
// files exercising every output key, native fixtures, the structure output's gamma and white
// point, /lx/output's brightness) is opened, rendered frame by frame, sent over real loopback
// sockets, and every packet each destination receives must equal, byte for byte and in order,
// what LX sent to that destination in the same frame (scripts/lx-harness/OutputCapture.java).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { Engine } from '../../../src/engine/engine.js';
import { silentLogger } from '../../../src/engine/log.js';
import { LightShow } from '../../../src/light/show/light-show.js';
import { OutputEngine } from '../../../src/light/output/output-engine.js';
import { setFixtureParams } from '../../../src/light/operations/fixtures.js';
import { decodeArgb } from '../../../src/light/render/frames-format.js';
import { createLibrary } from '../../../src/light/devices/library.js';
import { mediaResolvers } from '../../../src/light/show/project/media.js';
import { readProject, writeProject } from '../../../src/light/show/project/project-file.js';
import { udpCapture } from '../../helpers/pcap.js';

const DIR = fileURLToPath(new URL('../../golden/lx-outputs/', import.meta.url));

interface Capture {
  readonly tcpParam: string;
  readonly frames: { index: number; argb: string; packets: { dest: string; transport: string; hex: string }[] }[];
}

/** LX's sACN identity (StreamingACNDatagram): CID bytes 22..37 hold their own offsets; source name "LX-" + version. */
const LX_CID = Uint8Array.from({ length: 16 }, (_, i) => 22 + i);

/** Splits an OPC TCP stream into messages by their length field. */
function opcMessages(stream: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let o = 0; o + 4 <= stream.length; ) {
    const len = 4 + stream.readUInt16BE(o + 2);
    out.push(stream.subarray(o, o + len));
    o += len;
  }
  return out;
}

test('fixture-file outputs: every packet of every frame equals what LX 1.2.1 sent', async (t) => {
  const golden = JSON.parse(readFileSync(`${DIR}outputs.packets.json`, 'utf8')) as Capture;
  const engine = new Engine();
  const light = await LightShow.open(engine, `${DIR}outputs.lxp`, { media: `${DIR}media` });

  const caps = {
    artnet: await udpCapture(),
    sacn: await udpCapture(),
    ddp: await udpCapture(),
    kinet: await udpCapture(),
    artPort: await udpCapture(),
    opcUdp: await udpCapture(),
  };
  for (const c of Object.values(caps)) t.after(() => c.close());
  const tcpChunks: Buffer[] = [];
  const sockets: net.Socket[] = [];
  const server = net.createServer((s) => {
    sockets.push(s);
    s.on('data', (d) => tcpChunks.push(d));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const tcpPort = (server.address() as net.AddressInfo).port;

  const outputs = new OutputEngine(light, {
    log: silentLogger,
    cid: LX_CID,
    sourceName: 'LX-1.2.1',
    ports: { artnet: caps.artnet.port, sacn: caps.sacn.port, ddp: caps.ddp.port, kinet: caps.kinet.port },
  });
  engine.clock.onFrame((frame) => outputs.send(frame, light.main));
  t.after(async () => {
    await outputs.close();
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  });

  // The explicit ports of the scene's files are .lxf parameters: point them at this test's receivers.
  const origin = { surface: 'engine' as const };
  const path = (label: string): string => light.structure.fixtures.items.find((f) => f.label.getString() === label)!.path;
  setFixtureParams(light, { path: path('Grid') }, { artPort: caps.artPort.port }, origin);
  setFixtureParams(light, { path: path('OPC') }, { udpPort: caps.opcUdp.port, [golden.tcpParam]: tcpPort }, origin);

  const receiverOf = (dest: string): { packets: Buffer[] } | 'tcp' => {
    const port = dest.slice(dest.indexOf(':') + 1);
    if (port === golden.tcpParam) return 'tcp';
    const byPort: Record<string, { packets: Buffer[] }> = {
      '6454': caps.artnet,
      '5568': caps.sacn,
      '4048': caps.ddp,
      '6038': caps.kinet,
      '6455': caps.artPort,
      '7890': caps.opcUdp,
    };
    const r = byPort[port];
    assert.ok(r !== undefined, `no receiver for LX destination ${dest}`);
    return r;
  };

  await outputs.whenConnected();
  const seen = new Map<object, number>();
  let tcpSeen = 0;
  for (const frame of golden.frames) {
    engine.clock.stepFixed(1, 1000 / 60);
    await outputs.flush();
    assert.deepEqual(light.main, decodeArgb(frame.argb), `frame ${frame.index}: the rendered colors differ from LX's`);
    const expected = new Map<object, string[]>();
    const expectedTcp: string[] = [];
    for (const p of frame.packets) {
      const r = receiverOf(p.dest);
      if (r === 'tcp') expectedTcp.push(p.hex);
      else expected.set(r, [...(expected.get(r) ?? []), p.hex]);
    }
    const end = Date.now() + 5000;
    const ready = (): boolean =>
      [...expected].every(([r, list]) => (r as { packets: Buffer[] }).packets.length >= (seen.get(r) ?? 0) + list.length) &&
      opcMessages(Buffer.concat(tcpChunks)).length >= tcpSeen + expectedTcp.length;
    while (!ready() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
    for (const [r, list] of expected) {
      const from = seen.get(r) ?? 0;
      const got = (r as { packets: Buffer[] }).packets.slice(from, from + list.length).map((b) => b.toString('hex'));
      for (let i = 0; i < list.length; i++)
        assert.equal(got[i], list[i], `frame ${frame.index}: packet ${i} to ${golden.frames[0].packets.find((p) => receiverOf(p.dest) === r)?.dest}`);
      seen.set(r, from + list.length);
    }
    const tcp = opcMessages(Buffer.concat(tcpChunks))
      .slice(tcpSeen, tcpSeen + expectedTcp.length)
      .map((b) => b.toString('hex'));
    assert.deepEqual(tcp, expectedTcp, `frame ${frame.index}: OPC over TCP`);
    tcpSeen += expectedTcp.length;
  }
  await new Promise((r) => setTimeout(r, 50));
  for (const r of Object.values(caps)) assert.equal(r.packets.length, seen.get(r) ?? 0, 'no packet beyond LX’s');
  const compared = [...seen.values()].reduce((a, n) => a + n, 0) + tcpSeen;
  assert.equal(
    compared,
    golden.frames.reduce((a, f) => a + f.packets.length, 0),
  );
  assert.ok(compared >= 200, `${compared} packets compared`);
});

test('the scene saves back as LX wrote it: the structure output keeps its place and values', () => {
  const original = JSON.parse(readFileSync(`${DIR}outputs.lxp`, 'utf8')) as { model: Record<string, unknown> };
  const media = mediaResolvers(`${DIR}media`);
  const opened = readProject(original, createLibrary(), media);
  assert.deepEqual(opened.warnings, []);
  const saved = writeProject(opened.lx, opened.externals, 0) as { model: Record<string, unknown> };
  assert.deepEqual(Object.keys(saved.model), Object.keys(original.model));
  assert.deepEqual(saved.model.output, original.model.output);
  // Footlight saves its own sacnSync choice (E1.31 sync) beside LX's keys; LX ignores it.
  const lxKeys = (fixtures: unknown) =>
    (fixtures as { parameters: Record<string, unknown> }[]).map((f) => ({
      ...f,
      parameters: Object.fromEntries(Object.entries(f.parameters).filter(([k]) => k !== 'sacnSync' && k !== 'sacnSync/name')),
    }));
  assert.deepEqual(lxKeys(saved.model.fixtures), original.model.fixtures);
});
