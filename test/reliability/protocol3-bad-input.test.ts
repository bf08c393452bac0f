// Protocol 3, bad input against a whole Footlight (light and sound in one process): every command
// of the table, mutated so it must be refused — wrong arity, misspelled names, out-of-range and
// malformed numbers, bad base64, bad digests, bad booleans, invalid UTF-8, control bytes, guard
// misuse, lines over 1 MiB — plus random token noise, pipelined over several connections at
// once. Every write is refused, nothing answers `internal`, every line gets exactly one JSON
// reply, the listener stays up, and the light project, the sound host and the history are
// byte-identical afterwards. (test/protocol3/listener.test.ts fuzzes the framing with random
// bytes against the sound host alone; this file fuzzes the grammar and checks the whole show.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COMMANDS, COMMANDS_BY_NAME, type CommandDef } from '../../src/protocol3/server/commands.js';
import { tokenize } from '../../src/protocol3/server/dispatch.js';
import { Protocol3Client } from '../../src/protocol3/client/client.js';
import { MAX_COMMAND_BYTES, READ_ONLY_COMMANDS } from '../../src/protocol3/wire.js';
import { startShow } from '../helpers/show.js';
import { rawExchange } from '../protocol3/helpers.js';
import { fingerprint, pick, prng } from './helpers.js';

const b64 = (s: string | Buffer): string => Buffer.from(s).toString('base64url');
const HEX = 'ab'.repeat(32);

/** A well-formed value for each argument name of the contract's synopses. */
const SAMPLE: Record<string, string> = {
  INDEX: '2',
  VALUE: '0.5',
  TOKEN: HEX,
  SELECTION_TOKEN: HEX,
  REVISION: HEX,
  SHA256: HEX,
  POSITION: 'after',
  UUID: '00000000-0000-4000-8000-000000000000',
  ID: 'no.such.action',
  QUERY: 'filter',
  MODULE: '1',
  X: '1',
  Y: '1',
  PARAMETER_B64: b64('CUTOFF'),
  DISPLAY_B64: b64('1 kHz'),
  SOURCE: '1',
  SOURCE_PORT: '0',
  TARGET: '2',
  TARGET_PORT: '0',
  NOTE_TRACK_COUNT: '1',
  PATH_B64: b64('/nonexistent/song.mid'),
  RECEIPT_ID: 'import-0',
  DIRECTORY_B64: b64('/nonexistent/dir'),
  CLIP_ID: '1',
  EXPECTED_ENABLED: 'true',
  ENABLED: 'true',
  BPM: '120',
  METER: '4/4',
  POSITION_BEATS: '0',
  MUTED: 'keep',
  ARMED: 'keep',
  'INDEX=VALUE': '1=0.5',
};

const INTEGER_ARGS = new Set(['INDEX', 'MODULE', 'X', 'Y', 'SOURCE', 'SOURCE_PORT', 'TARGET', 'TARGET_PORT', 'NOTE_TRACK_COUNT', 'CLIP_ID']);
const NUMBER_ARGS = new Set(['VALUE', 'BPM', 'POSITION_BEATS']);
const DIGEST_ARGS = new Set(['TOKEN', 'SELECTION_TOKEN', 'REVISION', 'SHA256']);

/** Replacements that no parser may accept for an argument of that kind. */
const BAD: Record<string, readonly string[]> = {
  integer: ['1.5', '-', '+', '0x1f', '1e3', 'NaN', 'Infinity', '99999999999999999', '١٢', '1_000', '--1', '9'.repeat(300), '٣', 'two', '+1', '01', '-01'],
  number: [
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '-1e309',
    '0x10',
    '1,5',
    '1.2.3',
    '.',
    'e5',
    '1e',
    '+-1',
    '١',
    '1e1000',
    '½',
    '+1',
    '+0.5',
    '1e-400',
    '-1e-400',
    '0.5e-330',
    '.5',
    '5.',
    '00.5',
    '01',
  ],
  digest: ['abc', 'g'.repeat(64), 'AB'.repeat(32), HEX.slice(1), `${HEX}0`, '0x'.concat(HEX.slice(2))],
  b64: [
    '!!!!',
    'a',
    'ab=c',
    '+/+/',
    b64(Buffer.from([0xff, 0xfe, 0xfd])),
    'QR',
    '====',
    'YQ===',
    'YQ=',
    'Y Q'.replace(' ', '\u00a0'),
    b64(Buffer.from([0xc0, 0x80])),
  ],
  boolean: ['TRUE', '1', 'yes', 'True', 'on'],
  tri: ['maybe', 'KEEP', '1', 'null'],
  POSITION: ['inside', 'AFTER', 'before\u0000'],
  METER: ['4', '4/', '/4', '4/4/4', '1000/4', 'a/b', '4\\4'],
  'INDEX=VALUE': ['1=', '=0.5', '1==0.5', 'a=0.5', '1=NaN', '1=0.5=2', '1:0.5', '1.5=0.5', '1=1e309'],
};

function kindOf(name: string): string | undefined {
  if (INTEGER_ARGS.has(name)) return 'integer';
  if (NUMBER_ARGS.has(name)) return 'number';
  if (DIGEST_ARGS.has(name)) return 'digest';
  if (name.endsWith('_B64')) return 'b64';
  if (name === 'ENABLED' || name === 'EXPECTED_ENABLED') return 'boolean';
  if (name === 'MUTED' || name === 'ARMED') return 'tri';
  return name in BAD ? name : undefined;
}

/** The argument names of a synopsis, optional ones left out ("[QUERY]", "..."). */
function argNames(def: CommandDef): string[] {
  return def.synopsis.split(' ').filter((t) => t.length > 0 && !t.startsWith('[') && t !== '...');
}

interface Case {
  readonly line: string | Buffer;
  /** The command must be refused (ok false); false only for reads that may answer anything. */
  readonly mustFail: boolean;
  readonly why: string;
}

function cases(random: () => number): Case[] {
  const out: Case[] = [];
  for (const def of COMMANDS) {
    const names = argNames(def);
    const args = names.map((n) => SAMPLE[n] ?? 'x');
    const line = (a: readonly string[], name: string = def.name): string => [name, ...a].join(' ');
    const isWrite = !READ_ONLY_COMMANDS.has(def.name);
    // Arity: one too few, one too many (when bounded).
    if (def.min > 0) out.push({ line: line(args.slice(0, def.min - 1)), mustFail: true, why: `${def.name}: too few arguments` });
    if (Number.isFinite(def.max))
      out.push({
        line: line([...args, ...Array.from({ length: def.max - args.length + 1 }, () => 'extra')]),
        mustFail: true,
        why: `${def.name}: too many arguments`,
      });
    // The name: case, affixes, a Unicode space (not a separator), a NUL, invalid UTF-8.
    for (const name of [def.name.toUpperCase(), `${def.name}x`, `x${def.name}`, `${def.name}\u00a0`, `${def.name}\u0000`, `${def.name}\u200b`]) {
      out.push({ line: line(args, name), mustFail: true, why: `${def.name}: misspelled as ${JSON.stringify(name)}` });
    }
    out.push({
      line: Buffer.concat([Buffer.from(def.name), Buffer.from([0xff]), Buffer.from(` ${args.join(' ')}`)]),
      mustFail: true,
      why: `${def.name}: invalid UTF-8`,
    });
    // Every argument, every bad value of its kind.
    names.forEach((n, i) => {
      const kind = kindOf(n);
      if (kind === undefined) return;
      for (const bad of BAD[kind]) {
        const a = [...args];
        a[i] = bad;
        out.push({ line: line(a), mustFail: true, why: `${def.name}: ${n}=${JSON.stringify(bad.slice(0, 30))}` });
      }
      const ctl = [...args];
      ctl[i] = `${args[i]}\u0001`;
      out.push({ line: line(ctl), mustFail: true, why: `${def.name}: control byte in ${n}` });
    });
    // Numbers out of range for the one write whose range is known here (remote controls take 0–1).
    if (def.name === 'set')
      for (const v of ['1.5', '-0.5', '2', '1e300', '-1e-9', '1.0000001']) out.push({ line: `set 2 ${v}`, mustFail: true, why: `set: VALUE ${v} out of 0–1` });
    if (def.name === 'set')
      for (const i of ['0', '-1', '9', '1000000']) out.push({ line: `set ${i} 0.5`, mustFail: true, why: `set: INDEX ${i} out of range` });
    // Lines over the 1 MiB bound with a valid command at the front.
    if (isWrite && random() < 0.15) out.push({ line: `${line(args)} ${'A'.repeat(MAX_COMMAND_BYTES)}`, mustFail: true, why: `${def.name}: a line over 1 MiB` });
  }
  // guard misuse.
  const graphSet = `graph-set 1 ${b64('CUTOFF')} 0.5`;
  for (const g of [
    `guard ${HEX}`,
    'guard',
    `guard abc ${graphSet}`,
    `guard ${HEX} set 2 0.5`,
    `guard ${HEX} guard ${HEX} ${graphSet}`,
    `guard ${HEX} graph-set 1`,
    `guard ${HEX} no-such ${graphSet}`,
    `GUARD ${HEX} ${graphSet}`,
  ]) {
    out.push({ line: g, mustFail: true, why: `guard misuse: ${g.slice(0, 60)}` });
  }
  // A base64 argument of almost 1 MiB (inside the bound): decodes, names nothing.
  out.push({
    line: `graph-set 1 ${'QUFB'.repeat(Math.floor((MAX_COMMAND_BYTES - 64) / 4))} 0.5`,
    mustFail: true,
    why: 'graph-set: a near-1 MiB parameter name',
  });
  // Token noise: random words that start with an upper-case letter (no command does).
  for (let i = 0; i < 600; i++) {
    const words = Array.from({ length: 1 + Math.floor(random() * 6) }, () => {
      const len = 1 + Math.floor(random() * 12);
      let w = String.fromCharCode(65 + Math.floor(random() * 26));
      for (let k = 1; k < len; k++) w += pick(random, [...'abcdefghijklmnopqrstuvwxyz0123456789-_=./%+']);
      return w;
    });
    out.push({ line: words.join(pick(random, [' ', '\t', '  '])), mustFail: true, why: 'noise' });
  }
  return out;
}

test('protocol 3: mutated command lines are refused one by one; state, history and the listener survive', { timeout: 600_000 }, async (t) => {
  const show = await startShow(t);
  const port = show.app.protocol3.port;
  const before = await fingerprint(show.app);
  const all = cases(prng(0xf00d));
  // Four connections at once, each pipelining a chunk of lines in one write.
  const CHUNK = 150;
  const chunks: Case[][] = [];
  for (let i = 0; i < all.length; i += CHUNK) chunks.push(all.slice(i, i + CHUNK));
  let writesRefused = 0;
  const codes = new Map<string, number>();
  const failures: string[] = [];
  for (let c = 0; c < chunks.length; c += 4) {
    await Promise.all(
      chunks.slice(c, c + 4).map(async (chunk) => {
        const data = Buffer.concat(chunk.flatMap((k) => [Buffer.isBuffer(k.line) ? k.line : Buffer.from(k.line, 'utf8'), Buffer.from('\n')]));
        const replies = await rawExchange(port, data, { timeoutMs: 120_000 });
        assert.equal(replies.length, chunk.length, 'one reply per line');
        replies.forEach((text, i) => {
          const r = JSON.parse(text) as { ok: boolean; code?: string };
          assert.equal(typeof r.ok, 'boolean');
          codes.set(r.code ?? 'ok', (codes.get(r.code ?? 'ok') ?? 0) + 1);
          if (r.code === 'internal') failures.push(`${chunk[i].why}: internal: ${text.slice(0, 200)}`);
          if (chunk[i].mustFail && r.ok) failures.push(`${chunk[i].why}: accepted: ${text.slice(0, 200)}`);
          else if (!r.ok) writesRefused++;
        });
      }),
    );
  }
  assert.deepEqual(failures, []);
  assert.equal(await fingerprint(show.app), before, 'the light project, the sound host and the history are unchanged');
  const fresh = new Protocol3Client();
  await fresh.connect('127.0.0.1', port);
  assert.deepEqual(await fresh.request('ping'), { ok: true, pong: true, protocol: 3 });
  await fresh.close();
  t.diagnostic(`${all.length} mutated lines, ${writesRefused} refused; codes ${JSON.stringify(Object.fromEntries(codes))}`);
});

/** One random byte-level edit: flip a bit, insert, delete or duplicate a byte. */
function mutate(random: () => number, line: Buffer): Buffer {
  const at = Math.floor(random() * (line.length + 1));
  const op = random();
  if (op < 0.3 && line.length > 0) {
    const out = Buffer.from(line);
    const i = Math.min(at, line.length - 1);
    out[i] ^= 1 << Math.floor(random() * 8);
    return out;
  }
  if (op < 0.6) return Buffer.concat([line.subarray(0, at), Buffer.from([Math.floor(random() * 256)]), line.subarray(at)]);
  if (op < 0.8) return Buffer.concat([line.subarray(0, at), line.subarray(at + 1)]);
  return Buffer.concat([line.subarray(0, at), line.subarray(at, at + 8), line.subarray(at)]);
}

test('protocol 3: byte-level mutations of read commands answer anything but internal and change nothing', { timeout: 600_000 }, async (t) => {
  const show = await startShow(t);
  const port = show.app.protocol3.port;
  const before = await fingerprint(show.app);
  const random = prng(0xbeef);
  const seeds = COMMANDS.filter((d) => READ_ONLY_COMMANDS.has(d.name)).map((d) => {
    const names = argNames(d);
    const args = names.length > 0 ? names.map((n) => SAMPLE[n] ?? 'x') : d.max > 0 ? [SAMPLE.QUERY] : [];
    return Buffer.from([d.name, ...args].join(' '));
  });
  const lines: Buffer[] = [];
  while (lines.length < 2400) {
    let line: Buffer = pick(random, seeds);
    const edits = 1 + Math.floor(random() * 3);
    for (let k = 0; k < edits; k++) line = mutate(random, line);
    if (line.includes(0x0a)) continue; // a newline would split it into two requests
    // Edits that turn a read into a write would be allowed to change the show: not this test's case.
    const name = tokenize(line.toString('latin1'))[0];
    const def = name === undefined ? undefined : COMMANDS_BY_NAME.get(name);
    if (name === 'guard' || (def !== undefined && !READ_ONLY_COMMANDS.has(def.name))) continue;
    lines.push(line);
  }
  const codes = new Map<string, number>();
  for (let i = 0; i < lines.length; i += 600) {
    const chunk = lines.slice(i, i + 600);
    const replies = await rawExchange(port, Buffer.concat(chunk.flatMap((l) => [l, Buffer.from('\n')])), { timeoutMs: 120_000 });
    assert.equal(replies.length, chunk.length);
    replies.forEach((text, k) => {
      const r = JSON.parse(text) as { ok: boolean; code?: string };
      codes.set(r.code ?? 'ok', (codes.get(r.code ?? 'ok') ?? 0) + 1);
      assert.notEqual(r.code, 'internal', `${JSON.stringify(chunk[k].toString('latin1'))} → ${text.slice(0, 200)}`);
    });
  }
  assert.equal(await fingerprint(show.app), before);
  t.diagnostic(`${lines.length} mutated read lines; replies ${JSON.stringify(Object.fromEntries(codes))}`);
});
