import { readFileSync } from 'node:fs';
import type { McpServer } from '@modelcontextprotocol/server';
import type { Services } from '../tools/context.js';

export const GUIDE_URI = 'footlight://guide';
export const STRUCTURE_URI = 'footlight://light/structure';

const GUIDE = readFileSync(new URL('../../docs/agent-guide.md', import.meta.url), 'utf8');

/** What the structure resource reports: enough for an agent to notice its cached paths went stale. */
export function structureSummary(services: Services): Record<string, unknown> {
  const light = services.light;
  return {
    structureRevision: services.engine.graph.structureRevision,
    channels: light.mixer.channels.items.map((c) => ({ id: c.id, path: c.path, label: c.label.getString() })),
    fixtures: light.structure.fixtures.items.map((f) => ({ id: f.id, path: f.path, label: f.label.getString() })),
  };
}

/**
 * The MCP resources: the agent guide, and a live summary of the light structure that changes
 * (with a `notifications/resources/updated`) whenever components are added, removed or moved.
 */
export function registerResources(server: McpServer, services: Services): void {
  server.registerResource(
    'guide',
    GUIDE_URI,
    { title: 'Driving Footlight well', description: 'How to work on a live show with people and other agents: discovery, the visibility chain, undo, checking your work', mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: GUIDE }] }),
  );
  server.registerResource(
    'light-structure',
    STRUCTURE_URI,
    { title: 'Light structure', description: 'Channels and fixtures with their ids and current paths, and a structure revision that changes whenever paths may have shifted. Subscribe to learn when to re-list.', mimeType: 'application/json' },
    async (uri) => {
      const summary = await services.engine.queue.submit(() => structureSummary(services), { label: 'read structure' });
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(summary) }] };
    },
  );
}
