import { readFileSync } from 'node:fs';
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import { type FootlightError, isFootlightError, notFound } from '../engine/errors.js';
import type { Logger } from '../engine/log.js';
import type { Services } from '../tools/context.js';
import { fullOutputSchema, listedInputSchema, sharedOutputFields } from './lean-schema.js';
import { TOOLS } from '../tools/index.js';
import { toParameterPayload } from '../tools/light/payloads.js';
import { completePath } from '../light/path-completion.js';
import { PREVIEW_APP_URI } from '../tools/app-resources.js';

/** MCP Apps (SEP-1865): the mime type of an app's HTML and the extension a server declares. */
const APP_MIME_TYPE = 'text/html;profile=mcp-app';
export const APPS_EXTENSION = { 'io.modelcontextprotocol/ui': { mimeTypes: [APP_MIME_TYPE] } };
const APP_HTML = new URL('../../dist/console/mcp-app.html', import.meta.url);

const GUIDE_URI = 'footlight://guide';
export const STRUCTURE_URI = 'footlight://light/structure';
export const TOOL_SCHEMA_TEMPLATE = 'footlight://tool-schema/{name}';
/** The payload fields several tools share, described once (tools/list declares them by type only). */
const SHARED_SCHEMA_URI = 'footlight://tool-schema-shared';
/** One component or parameter by canonical path: footlight://light/lx/mixer/channel/1/fader. */
export const COMPONENT_URI_TEMPLATE = 'footlight://light{+path}';

const GUIDE = readFileSync(new URL('../../docs/agent-guide.md', import.meta.url), 'utf8');

/** What the structure resource reports: enough for an agent to notice its cached paths went stale. */
function structureSummary(services: Services): Record<string, unknown> {
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
/** A resource read whose one content is `value` as JSON. */
function jsonResource(uri: URL, value: unknown): { contents: { uri: string; mimeType: string; text: string }[] } {
  return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(value) }] };
}

/**
 * A read's failure on the wire: a miss (`not_found`) is the SDK's resource-not-found (−32602 with
 * the uri), a bad address (`invalid_argument`, `stale`) Invalid Params, and only a fault of the
 * server −32603; the message keeps Footlight's `code: message` so an agent reads it as a tool error.
 */
function readError(uri: URL, err: unknown, log: Logger): ProtocolError {
  if (!isFootlightError(err)) {
    log.error({ err, uri: uri.href }, 'resource read failed');
    return new ProtocolError(ProtocolErrorCode.InternalError, 'internal: unexpected failure reading the resource (logged on the server)');
  }
  const e: FootlightError = err;
  const text = `${e.code}: ${e.message}`;
  if (e.code === 'not_found') return new ResourceNotFoundError(uri.href, text);
  if (e.code === 'invalid_argument' || e.code === 'stale') return new ProtocolError(ProtocolErrorCode.InvalidParams, text, { uri: uri.href, code: e.code });
  return new ProtocolError(ProtocolErrorCode.InternalError, text, { uri: uri.href, code: e.code });
}

/** A read callback whose failures are worded by readError. */
function guarded<A extends unknown[], R>(log: Logger, read: (uri: URL, ...rest: A) => Promise<R>): (uri: URL, ...rest: A) => Promise<R> {
  return async (uri, ...rest) => {
    try {
      return await read(uri, ...rest);
    } catch (err) {
      throw readError(uri, err, log);
    }
  };
}

export function registerResources(server: McpServer, services: Services): void {
  server.registerResource(
    'guide',
    GUIDE_URI,
    {
      title: 'Driving Footlight well',
      description: 'How to work on a live show with people and other agents: discovery, the visibility chain, undo, checking your work',
      mimeType: 'text/markdown',
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: GUIDE }] }),
  );
  server.registerResource(
    'light-structure',
    STRUCTURE_URI,
    {
      title: 'Light structure',
      description:
        'Channels and fixtures with their ids and current paths, and a structure revision that changes whenever paths may have shifted. Subscribe to learn ' +
        'when to re-list.',
      mimeType: 'application/json',
    },
    guarded(services.log, async (uri) => {
      const summary = await services.engine.queue.submit(() => structureSummary(services), { label: 'read structure' });
      return jsonResource(uri, summary);
    }),
  );
  server.registerResource(
    'preview-app',
    PREVIEW_APP_URI,
    {
      title: 'Live preview',
      description: 'An MCP App: the live light preview with the master fader, undo and the sound transport; every edit in it is a normal tool call',
      mimeType: APP_MIME_TYPE,
    },
    guarded(services.log, async (uri) => {
      let html: string;
      try {
        html = readFileSync(APP_HTML, 'utf8');
      } catch {
        throw notFound('the preview app is not built in this install (npm run build:console builds it)');
      }
      // It loads nothing from anywhere: every byte is inline and every call goes through the host.
      return {
        contents: [
          { uri: uri.href, mimeType: APP_MIME_TYPE, text: html, _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } } },
        ],
      };
    }),
  );
  server.registerResource(
    'tool-schema',
    new ResourceTemplate(TOOL_SCHEMA_TEMPLATE, { list: undefined }),
    {
      title: "A tool's full schemas",
      description: 'The complete input and output JSON Schemas of one tool (tools/list declares output shapes one level deep)',
      mimeType: 'application/json',
    },
    guarded(services.log, async (uri, { name }) => {
      const tool = services.tools.find((t) => t.name === name);
      if (tool === undefined) throw notFound(`no tool named ${JSON.stringify(name)}; find_tools lists them`);
      return jsonResource(uri, { name: tool.name, inputSchema: listedInputSchema(tool), outputSchema: fullOutputSchema(tool) });
    }),
  );
  server.registerResource(
    'tool-schema-shared',
    SHARED_SCHEMA_URI,
    {
      title: 'Payload fields shared by several tools',
      description: 'Each output field that several tools return with the same schema, described once; tools/list declares these by type only',
      mimeType: 'application/json',
    },
    async (uri) => {
      const served = new Set(services.tools.map((t) => t.name));
      const fields = sharedOutputFields(TOOLS)
        .map((f) => ({ name: f.name, field: f.field, schema: f.schema, tools: f.tools.filter((t) => served.has(t)) }))
        .filter((f) => f.tools.length > 0);
      return jsonResource(uri, { fields });
    },
  );
  server.registerResource(
    'light-path',
    new ResourceTemplate(COMPONENT_URI_TEMPLATE, { list: undefined }),
    {
      title: 'A component or parameter by path',
      description: 'A parameter with its value, or a component with the paths one step below it (completion offers the real children of a partial path)',
      mimeType: 'application/json',
    },
    guarded(services.log, async (uri, { path }) => {
      const body = await services.engine.queue.submit(
        () => {
          const p = String(path);
          try {
            return { parameter: toParameterPayload(services.light.parameter(p)) };
          } catch (err) {
            // Not a parameter (no such one, or the path names a component): read it as a component.
            if (!isFootlightError(err) || (err.code !== 'not_found' && err.code !== 'invalid_argument')) throw err;
            const c = services.light.component(p);
            return { path: c.path, id: c.id, label: c.label.getString(), next: completePath(services.light.lx, `${c.path}/`, Number.MAX_SAFE_INTEGER) };
          }
        },
        { label: 'read path' },
      );
      return jsonResource(uri, body);
    }),
  );
}
