import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { DEFAULT_PORT } from '../../src/app/config.js';

// server.schema.json is the MCP registry's published schema, unchanged:
// https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json
// (generated from docs/reference/api/openapi.yaml in github.com/modelcontextprotocol/registry).
// Its hash is pinned so a newer schema is a deliberate change: replace the file and the pin together.
const SCHEMA_SHA256 = '3fba09590c99f61735d234822279f4223fab9e300c0a81e81c91ab62a4114de0';

const ROOT = new URL('../../', import.meta.url);
const schemaBytes = readFileSync(new URL('test/registry/server.schema.json', ROOT));
const schema = JSON.parse(schemaBytes.toString('utf8')) as { $id: string };
const serverJson = JSON.parse(readFileSync(new URL('server.json', ROOT), 'utf8'));
const pkg = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { name: string; version: string; mcpName: string };

// ajv-formats is CommonJS; its default export arrives wrapped under tsx.
const addFormats = ((addFormatsModule as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

function validator(): (doc: unknown) => string[] {
  // strict: false — the registry's schema carries OpenAPI's `example` annotation, unknown to JSON Schema.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return (doc) => (validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`));
}

test('the vendored registry schema is the published 2025-12-11 file', () => {
  assert.equal(createHash('sha256').update(schemaBytes).digest('hex'), SCHEMA_SHA256);
  assert.equal(serverJson.$schema, schema.$id);
});

test('server.json validates against the registry schema and agrees with package.json', () => {
  assert.deepEqual(validator()(serverJson), []);
  assert.equal(serverJson.name, pkg.mcpName, 'the registry checks the npm package carries mcpName = server.json name');
  assert.equal(serverJson.version, pkg.version);
  const [npm] = serverJson.packages;
  assert.deepEqual([npm.registryType, npm.identifier, npm.version], ['npm', pkg.name, pkg.version]);
  assert.equal(npm.transport.url, `http://127.0.0.1:${DEFAULT_PORT}/mcp`, 'the endpoint `footlight serve` listens on by default');
});

test('the validator rejects what the registry rejects', () => {
  const check = validator();
  const broken = [
    { ...serverJson, name: 'footlight' },
    { ...serverJson, description: 'x'.repeat(101) },
    { ...serverJson, packages: [{ ...serverJson.packages[0], version: 'latest' }] },
    { ...serverJson, packages: [{ ...serverJson.packages[0], transport: { type: 'streamable-http', url: 'not a url' } }] },
  ];
  for (const doc of broken) assert.notDeepEqual(check(doc), [], JSON.stringify(doc).slice(0, 120));
});
