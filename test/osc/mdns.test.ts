// mDNS advertisement of OSCQuery, checked the way a controller finds it, with no multicast: the
// show's advertiser is handed a loopback target (a plain UDP socket of this test's) instead of the
// group on 5353, and an independent decoder (dns-packet on plain dgram sockets) reads what it sends.
// Announcement on start, a PTR query for _oscjson._tcp.local answered with SRV (the OSCQuery port),
// TXT and A (127.0.0.1), the OSCQuery server reached at that address and port, legacy unicast and
// known-answer suppression, the goodbye (TTL 0) on close; without the flag, no advertiser and no 5353.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import packet, { type Answer, type Packet, type SrvAnswer, type StringAnswer } from 'dns-packet';
import { loadConfig } from '../../src/app/config.js';
import { silentLogger } from '../../src/engine/log.js';
import { MdnsAdvertiser, mdnsServiceFor } from '../../src/osc/mdns.js';
import { startShow, tempHome } from '../helpers/show.js';
import { udpPortsOf } from '../helpers/proc-sockets.js';
import { until } from '../helpers/udp.js';

const OSCJSON = '_oscjson._tcp.local';
const OSC = '_osc._udp.local';

/** A plain UDP socket on 127.0.0.1 that decodes every DNS packet it receives, in order. */
async function listener(t: TestContext): Promise<{ port: number; packets: Packet[]; send(p: Packet, port: number): Promise<void> }> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
  t.after(() => socket.close());
  const packets: Packet[] = [];
  socket.on('message', (m) => packets.push(packet.decode(m)));
  return {
    port: socket.address().port,
    packets,
    send: (p, port) => new Promise<void>((r, j) => socket.send(packet.encode(p), port, '127.0.0.1', (err) => (err ? j(err) : r()))),
  };
}

const records = (p: Packet): Answer[] => [...(p.answers ?? []), ...(p.additionals ?? [])];
const find = <T extends Answer>(p: Packet, type: string, name: string): T | undefined =>
  records(p).find((r) => r.type === type && r.name.toLowerCase() === name.toLowerCase()) as T | undefined;
const txtOf = (r: Answer | undefined): string[] => ((r as { data?: Buffer[] } | undefined)?.data ?? []).map((b) => b.toString('utf8'));

test('the show advertises OSCQuery and OSC to a loopback target: announce, PTR → SRV/TXT/A, HOST_INFO at that address, goodbye', async (t) => {
  const group = await listener(t);
  const show = await startShow(t, { oscQueryPort: 0, oscQueryMdns: { address: '127.0.0.1', port: group.port } });
  const { oscQuery, osc, mdns } = show.app;
  assert.ok(oscQuery?.port !== undefined && osc?.receivePort !== undefined && mdns?.port !== undefined);
  assert.notEqual(mdns.port, 5353);
  assert.ok(!(await udpPortsOf('self')).has(5353), 'no socket of this process is on the mDNS port');
  const instance = mdns.service.instance;
  assert.match(instance, /^Footlight on .+:\d+$/);
  const status = JSON.parse(await readFile(join(show.home, 'status.json'), 'utf8'));
  assert.deepEqual(status.oscquery, { host: '127.0.0.1', port: oscQuery.port, mdns: instance });

  // The announcement: every record, unasked.
  await until('the announcement', () => group.packets.length > 0);
  const announced = group.packets[0];
  assert.equal(announced.type, 'response');
  assert.equal(find<StringAnswer>(announced, 'PTR', OSCJSON)?.data, `${instance}.${OSCJSON}`);
  assert.equal(find<SrvAnswer>(announced, 'SRV', `${instance}.${OSCJSON}`)?.data.port, oscQuery.port);
  assert.equal(find<SrvAnswer>(announced, 'SRV', `${instance}.${OSC}`)?.data.port, osc.receivePort);

  // A controller's browse: a PTR query from its own port (legacy unicast) is answered to it alone.
  const controller = await listener(t);
  await controller.send({ type: 'query', id: 4242, questions: [{ name: OSCJSON, type: 'PTR' }] }, mdns.port);
  await until('the answer', () => controller.packets.length > 0);
  const answer = controller.packets[0];
  assert.equal(answer.type, 'response');
  assert.equal(answer.id, 4242, 'a legacy unicast answer carries the query ID');
  assert.deepEqual(
    answer.questions?.map((q) => q.name),
    [OSCJSON],
  );
  const ptr = find<StringAnswer>(answer, 'PTR', OSCJSON);
  assert.equal(ptr?.data, `${instance}.${OSCJSON}`);
  const srv = find<SrvAnswer>(answer, 'SRV', ptr.data);
  assert.equal(srv?.data.port, oscQuery.port, 'SRV gives the OSCQuery HTTP port');
  const a = find<StringAnswer>(answer, 'A', srv.data.target);
  assert.equal(a?.data, '127.0.0.1');
  assert.deepEqual(txtOf(find(answer, 'TXT', ptr.data)), ['txtvers=1']);
  for (const r of records(answer)) assert.ok((r as { ttl: number }).ttl > 0 && (r as { ttl: number }).ttl <= 10, `${r.type} TTL ≤ 10 s in a legacy answer`);
  assert.equal(
    records(answer).some((r) => r.name.toLowerCase().endsWith(OSC)),
    false,
    'only what was asked, and what it needs',
  );

  // What the records say reaches the OSCQuery server, and its HOST_INFO names the advertised OSC port.
  const info = (await (await fetch(`http://${a.data}:${srv.data.port}/?HOST_INFO`)).json()) as { OSC_PORT: number };
  const before = group.packets.length;
  await controller.send({ type: 'query', id: 1, questions: [{ name: OSC, type: 'PTR' }] }, mdns.port);
  await until('the OSC answer', () => controller.packets.length > 1);
  const oscSrv = find<SrvAnswer>(controller.packets[1], 'SRV', `${instance}.${OSC}`);
  assert.equal(oscSrv?.data.port, info.OSC_PORT);
  assert.equal(oscSrv.data.port, osc.receivePort);
  // The host name resolves on its own, as a controller asks once it has the SRV record.
  await controller.send({ type: 'query', id: 2, questions: [{ name: srv.data.target, type: 'A' }] }, mdns.port);
  await until('the address answer', () => controller.packets.length > 2);
  assert.deepEqual(
    controller.packets[2].answers?.map((r) => [r.type, r.name, (r as StringAnswer).data]),
    [['A', srv.data.target, '127.0.0.1']],
  );

  // A query from the group's port is answered to the group, with full TTLs; a known answer is not repeated.
  const held: Answer = { name: OSCJSON, type: 'PTR', ttl: 4500, data: `${instance}.${OSCJSON}` };
  await group.send(
    {
      type: 'query',
      id: 0,
      questions: [
        { name: `${instance}.${OSCJSON}`, type: 'ANY' as 'A' },
        { name: OSCJSON, type: 'PTR' },
      ],
      answers: [held],
    },
    mdns.port,
  );
  await until('the group answer', () => group.packets.slice(before).some((p) => find(p, 'SRV', `${instance}.${OSCJSON}`) !== undefined));
  const multicast = group.packets.slice(before).find((p) => find(p, 'SRV', `${instance}.${OSCJSON}`) !== undefined)!;
  assert.equal(multicast.id, 0);
  assert.equal(find<SrvAnswer>(multicast, 'SRV', `${instance}.${OSCJSON}`)?.ttl, 120);
  assert.equal(
    (multicast.answers ?? []).some((r) => r.type === 'PTR'),
    false,
    'the PTR the asker holds is left out',
  );

  // Closing sends the goodbye: the same records with TTL 0.
  const seen = group.packets.length;
  await show.app.close();
  await until('the goodbye', () => group.packets.slice(seen).some((p) => find(p, 'PTR', OSCJSON) !== undefined));
  const goodbye = group.packets.slice(seen).find((p) => find(p, 'PTR', OSCJSON) !== undefined)!;
  for (const type of ['PTR', 'SRV', 'TXT']) assert.equal((find(goodbye, type, type === 'PTR' ? OSCJSON : `${instance}.${OSCJSON}`) as { ttl: number }).ttl, 0);
  assert.equal((find(goodbye, 'A', srv.data.target) as { ttl: number }).ttl, 0);
  assert.equal(show.app.mdns, mdns);
});

test('a garbage datagram and a QU question from a legacy port leave the responder answering', async (t) => {
  const group = await listener(t);
  const show = await startShow(t, { oscQueryPort: 0, oscQueryMdns: { address: '127.0.0.1', port: group.port } });
  const mdns = show.app.mdns!;
  const asker = dgram.createSocket('udp4');
  await new Promise<void>((r) => asker.bind(0, '127.0.0.1', () => r()));
  t.after(() => asker.close());
  const answers: Packet[] = [];
  asker.on('message', (m) => answers.push(packet.decode(m)));
  const send = (b: Buffer): Promise<void> => new Promise((r, j) => asker.send(b, mdns.port!, '127.0.0.1', (err) => (err ? j(err) : r())));
  await send(Buffer.from([0xff, 0x00, 0x13]));
  // The top bit of the question's class asks for a unicast response (QU, RFC 6762 §5.4).
  const qu = packet.encode({ type: 'query', id: 7, questions: [{ name: OSCJSON, type: 'PTR' }] });
  qu.writeUInt16BE(0x8001, qu.length - 2);
  await send(qu);
  await until('the QU answer', () => answers.length > 0);
  assert.equal(answers[0].id, 7);
  assert.deepEqual(
    answers[0].questions?.map((q) => [q.name, q.type, q.class]),
    [[OSCJSON, 'PTR', 'IN']],
  );
  assert.equal(find<SrvAnswer>(answers[0], 'SRV', `${mdns.service.instance}.${OSCJSON}`)?.data.port, show.app.oscQuery?.port);
});

test('only the local link is answered: a query from an address outside every interface subnet is ignored (RFC 6762 §11)', async (t) => {
  const group = await listener(t);
  // This machine, as the advertiser is told, has 127.0.0.1/32 alone: 127.0.0.2 is beyond its link.
  const lo = { address: '127.0.0.1', netmask: '255.255.255.255', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/32' } as const;
  const service = mdnsServiceFor({ bindHost: '127.0.0.1', httpPort: 9100, oscPort: 3030, hostname: 'pc' });
  const mdns = new MdnsAdvertiser(service, { log: silentLogger, target: { address: '127.0.0.1', port: group.port }, interfaces: () => ({ lo: [lo] }) });
  await mdns.start();
  t.after(() => mdns.close());
  const heard = new Map<string, Packet[]>();
  for (const address of ['127.0.0.2', '127.0.0.1']) {
    const s = dgram.createSocket('udp4');
    await new Promise<void>((r) => s.bind(0, address, () => r()));
    t.after(() => s.close());
    heard.set(address, []);
    s.on('message', (m) => heard.get(address)!.push(packet.decode(m)));
    await new Promise<void>((r, j) =>
      s.send(packet.encode({ type: 'query', id: 3, questions: [{ name: OSCJSON, type: 'PTR' }] }), mdns.port!, '127.0.0.1', (err) => (err ? j(err) : r())),
    );
  }
  // The on-link query was sent second: once its answer is here, an answer to the first would be too.
  await until('the on-link answer', () => heard.get('127.0.0.1')!.length > 0);
  assert.equal(heard.get('127.0.0.2')!.length, 0);
  assert.equal(mdns.stats.answered, 1);
});

test('without oscQueryMdns: no advertiser, no UDP 5353, status.json says mdns false', async (t) => {
  const show = await startShow(t, { oscQueryPort: 0 });
  assert.equal(show.app.mdns, undefined);
  assert.ok(show.app.oscQuery?.port !== undefined);
  assert.ok(!(await udpPortsOf('self')).has(5353));
  const status = JSON.parse(await readFile(join(show.home, 'status.json'), 'utf8'));
  assert.equal(status.oscquery.mdns, false);
});

test('oscQueryMdns without an OSCQuery port serves OSCQuery on a free port and advertises that', async (t) => {
  const group = await listener(t);
  const show = await startShow(t, { oscQueryMdns: { address: '127.0.0.1', port: group.port } });
  const port = show.app.oscQuery?.port;
  assert.ok(port !== undefined && port > 0);
  await until('the announcement', () => group.packets.length > 0);
  assert.equal(find<SrvAnswer>(group.packets[0], 'SRV', `${show.app.mdns?.service.instance}.${OSCJSON}`)?.data.port, port);
});

test('names: the project and host in one label of at most 63 bytes; the host name is its own; a loopback target only', () => {
  const plain = mdnsServiceFor({ bindHost: '127.0.0.1', httpPort: 9100, oscPort: 3030, hostname: 'Stage-PC.example.org' });
  assert.equal(plain.instance, 'Footlight on Stage-PC:9100');
  assert.equal(plain.host, 'footlight-stage-pc-9100.local');
  assert.deepEqual(plain.addresses, ['127.0.0.1']);
  const project = mdnsServiceFor({ bindHost: '127.0.0.1', httpPort: 9100, oscPort: 3030, hostname: 'pc', projectPath: '/shows/Spring.v2.lxp' });
  assert.equal(project.instance, 'Spring-v2 (Footlight on pc:9100)');
  const long = mdnsServiceFor({ bindHost: '127.0.0.1', httpPort: 1, oscPort: 2, hostname: 'pc', projectPath: `/s/${'é'.repeat(60)}.lxp` });
  assert.ok(Buffer.byteLength(long.instance) <= 63 && long.instance.startsWith('éé'));
  const wildcard = mdnsServiceFor({ bindHost: '0.0.0.0', httpPort: 1, oscPort: 2, hostname: 'pc' });
  assert.ok(!wildcard.addresses.includes('127.0.0.1') && wildcard.addresses.every((x) => !x.includes(':')), 'a wildcard bind: external IPv4 addresses');
  assert.throws(() => new MdnsAdvertiser(plain, { log: silentLogger, target: { address: '224.0.0.251', port: 5353 } }), /loopback/);
});

test('config.json: oscQueryMdns is a boolean; anything else makes the file invalid (defaults, mDNS off)', async (t) => {
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ oscQueryMdns: true }));
  assert.deepEqual(await loadConfig(home, silentLogger), { oscQueryMdns: true });
  await writeFile(join(home, 'config.json'), JSON.stringify({ oscQueryMdns: 'yes', oscQueryPort: 9100 }));
  const warnings: string[] = [];
  const log = { ...silentLogger, warn: (_o: object, m: string) => void warnings.push(m) };
  assert.deepEqual(await loadConfig(home, log as typeof silentLogger), {});
  assert.deepEqual(warnings, ['config.json is invalid; using defaults']);
});
