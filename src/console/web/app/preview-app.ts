// The MCP App: the console's own 3D preview, fed through the host's tools/call bridge, with the
// master fader, undo and the sound transport. Every edit is a normal tool call, so it is one
// undoable step in the shared history (or a sound write that asks for confirmation).
import { Preview } from '../preview.js';
import { HostBridge } from './bridge.js';

/** The MCP Apps protocol revision this app speaks. */
const APPS_PROTOCOL = '2026-01-26';
const POLL_MS = 200;
/** The point style is read again every 25 polls (5 s). */
const STYLE_POLLS = 25;

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

function bytes(b64: string): Uint8Array {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function main(): Promise<void> {
  const bridge = new HostBridge(window.parent);
  const status = $('status');
  const say = (text: string): void => void (status.textContent = text);
  const init = await bridge.request('ui/initialize', {
    protocolVersion: APPS_PROTOCOL,
    appInfo: { name: 'footlight-preview', version: '1' },
    appCapabilities: {},
  });
  bridge.notify('ui/notifications/initialized');
  const preview = new Preview($('view'));
  const app = { preview, host: init, polls: 0, errors: [] as string[] };
  (window as unknown as { __footlightApp: typeof app }).__footlightApp = app;

  let generation: number | undefined;
  // The show's point style (get_point_style), read at the start and every STYLE_POLLS polls; a host that
  // does not pass the call on leaves the default style.
  let style = '';
  const restyle = (): void => {
    bridge.call('get_point_style').then(
      (r) => {
        const next = JSON.stringify(r?.style);
        if (r?.style !== undefined && next !== style) {
          style = next;
          preview.pointStyle(r.style);
        }
      },
      () => undefined,
    );
  };
  const poll = async (): Promise<void> => {
    if (document.visibilityState !== 'hidden') {
      if (app.polls % STYLE_POLLS === 0) restyle();
      try {
        const p = await bridge.call('get_preview_points', generation === undefined ? {} : { known_generation: generation });
        if (p.xyz !== undefined) {
          const xyz = bytes(p.xyz);
          preview.model(p.generation, p.stride, new Float32Array(xyz.buffer, 0, p.count * 3));
          generation = p.generation;
        }
        preview.frame(p.generation, p.frame, bytes(p.rgb));
        app.polls++;
      } catch (err) {
        app.errors.push(String(err));
        say(String(err instanceof Error ? err.message : err));
      }
    }
    setTimeout(() => void poll(), POLL_MS);
  };
  void poll();

  const fader = $<HTMLInputElement>('fader');
  const refreshFader = async (): Promise<void> => {
    const p = await bridge.call('get_parameter', { path: '/lx/mixer/master/fader' });
    fader.value = String(p.value ?? p.parameter?.value ?? fader.value);
  };
  fader.addEventListener('change', () => {
    bridge.call('set_parameter', { path: '/lx/mixer/master/fader', value: Number(fader.value) }).then(
      () => say(`master fader ${fader.value} (undoable)`),
      (err: Error) => say(err.message),
    );
  });
  $('undo').addEventListener('click', () => {
    bridge.call('undo').then(
      async (r) => {
        say(r?.changed === false ? 'nothing to undo' : 'undone');
        await refreshFader();
      },
      (err: Error) => say(err.message),
    );
  });

  // The sound transport: a sound write, so without the operator's grant it previews first.
  let token: string | undefined;
  let pending: string | undefined;
  const confirm = $<HTMLButtonElement>('confirm');
  const transport = (operation: string): void => {
    bridge.call('song_control_transport', { operation, ...(token !== undefined && pending === operation ? { confirmation_token: token } : {}) }).then(
      (r) => {
        token = undefined;
        confirm.hidden = true;
        if (r?.status === 'confirmation_required') {
          token = r.confirmation?.token;
          pending = operation;
          confirm.hidden = false;
          confirm.textContent = `Confirm ${operation}`;
          say(r.summary ?? `confirm ${operation}`);
        } else say(r?.ok === false ? `${operation}: ${r.error ?? r.status}` : `${operation}: ${r?.status ?? 'done'}`);
      },
      (err: Error) => say(err.message),
    );
  };
  $('play').addEventListener('click', () => transport('play'));
  $('stop').addEventListener('click', () => transport('stop'));
  confirm.addEventListener('click', () => pending !== undefined && transport(pending));
  await refreshFader().catch(() => undefined);
  say('live');
}

void main();
