// Writes docs/tools.md from the tool definitions.
import { writeFile } from 'node:fs/promises';
import { TOOLS } from '../src/tools/index.js';
import { renderToolDocs } from '../src/mcp/tool-docs.js';

await writeFile(new URL('../docs/tools.md', import.meta.url), renderToolDocs(TOOLS));
console.log(`docs/tools.md: ${TOOLS.length} tools`);
