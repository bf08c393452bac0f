import type { McpServer } from '@modelcontextprotocol/server';
import { completeOption, completePath } from '../light/path-completion.js';
import type { Services } from '../tools/context.js';
import { COMPONENT_URI_TEMPLATE, TOOL_SCHEMA_TEMPLATE } from './resources.js';

const MAX = 100;

type Completer = (value: string, args: Readonly<Record<string, string>>) => string[] | Promise<string[]>;

/**
 * `completion/complete` for the prompts' arguments and the resource templates: canonical paths,
 * enum option names, channel labels, sound track names, tool names. A reference or argument with nothing to
 * complete gets an empty list (never an error: a client asks while its user types).
 */
export function registerCompletions(server: McpServer, services: Services): void {
  const light = services.light;
  const paths: Completer = (value) => completePath(light.lx, value === '' ? '/' : value, Number.MAX_SAFE_INTEGER);
  const options: Completer = (value, args) => {
    const path = args.path;
    if (path === undefined) return [];
    try {
      return completeOption(light.parameter(path), value);
    } catch {
      return []; // not (yet) a parameter path: nothing to offer
    }
  };
  const channels: Completer = (value) => {
    const q = value.toLowerCase();
    const out: string[] = [];
    for (const c of light.mixer.channels.items) {
      const label = c.label.getString();
      if (label.toLowerCase().startsWith(q)) out.push(label);
      if (c.path.startsWith(value)) out.push(c.path);
    }
    return out;
  };
  // The sound host's track names, read fresh (a host that is not reachable offers nothing).
  const tracks: Completer = async (value) => {
    const read = await services.soundAdapter.core.readCommand('tracks').catch(() => undefined);
    const list = read?.ok === true && Array.isArray(read.native.tracks) ? (read.native.tracks as { name?: unknown }[]) : [];
    const q = value.toLowerCase();
    return list.map((t) => (typeof t.name === 'string' ? t.name : '')).filter((n) => n !== '' && n.toLowerCase().startsWith(q));
  };
  const toolNames: Completer = (value) => services.tools.map((t) => t.name).filter((n) => n.startsWith(value));
  const prompts: Record<string, Record<string, Completer>> = {
    why_is_it_dark: { channel: channels },
    set_a_parameter: { path: paths, value: options },
    mix_a_track: { track: tracks },
  };
  const templates: Record<string, Record<string, Completer>> = {
    [TOOL_SCHEMA_TEMPLATE]: { name: toolNames },
    [COMPONENT_URI_TEMPLATE]: { path: paths },
  };
  server.server.setRequestHandler('completion/complete', async (request) => {
    const { ref, argument } = request.params;
    const table = ref.type === 'ref/prompt' ? prompts[ref.name] : ref.type === 'ref/resource' ? templates[ref.uri] : undefined;
    const complete = table?.[argument.name];
    const args = (request.params.context?.arguments ?? {}) as Record<string, string>;
    // Light completions read the show inside the queue; a sound one reads the host over protocol 3.
    const values =
      complete === undefined
        ? []
        : complete === tracks
          ? await tracks(argument.value, args)
          : await services.engine.queue.submit(() => complete(argument.value, args) as string[], { label: 'complete' });
    return { completion: { values: values.slice(0, MAX), total: values.length, hasMore: values.length > MAX } };
  });
}
