import { parseArgs } from 'node:util';
import { bridge } from './bridge.js';

// The Claude Desktop bundle's entry (scripts/build-bundle.mjs bundles it into one file): the
// same stdio bridge as `footlight bridge`, without the CLI, so the bundle carries no engine.
const { values } = parseArgs({ options: { url: { type: 'string' }, token: { type: 'string' } } });
await bridge({ url: values.url, token: values.token });
