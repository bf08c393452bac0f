import { useState } from 'preact/hooks';
import type { ChannelState, DeviceSummary, LightState, PanelState, ParameterPayload } from '../protocol.js';
import { EnumSelect, ParamControl, Slider, Toggle, Trigger, hsbCss } from './controls.js';
import { act, api, param, selectedDevice, setParam } from './store.js';

function PatternRow({ ch, p, count }: { readonly ch: ChannelState; readonly p: DeviceSummary; readonly count: number }) {
  const selected = selectedDevice.value === p.path;
  const move = (to: number): void => void act('Move pattern', () => api('/api/pattern/move', { path: p.path, index: to }));
  return (
    <li class={`pattern ${p.active === true ? 'active' : ''} ${selected ? 'selected' : ''} ${p.unavailable !== undefined ? 'unavailable' : ''}`} data-path={p.path}>
      <button type="button" class="pattern-go" title={p.active === true ? 'Active pattern' : 'Make active'} aria-pressed={p.active === true} onClick={() => void act('Activate pattern', () => api('/api/pattern/activate', { path: p.path }))}>
        {p.active === true ? '▶' : '▷'}
      </button>
      <button type="button" class="pattern-name" title={p.unavailable ?? p.class} onClick={() => (selectedDevice.value = p.path)}>
        {p.label}
      </button>
      <span class="pattern-tools">
        <button type="button" title="Move up" disabled={p.index === 0} onClick={() => move(p.index - 1)}>
          ↑
        </button>
        <button type="button" title="Move down" disabled={p.index === count - 1} onClick={() => move(p.index + 1)}>
          ↓
        </button>
        <button
          type="button"
          title={`Remove ${p.label} from ${ch.label}`}
          onClick={() => {
            if (selectedDevice.value === p.path) selectedDevice.value = undefined;
            void act('Remove pattern', () => api('/api/pattern/remove', { path: p.path }));
          }}
        >
          ×
        </button>
      </span>
    </li>
  );
}

function AddPattern({ ch, library }: { readonly ch: ChannelState; readonly library: LightState['library']['patterns'] }) {
  return (
    <select
      class="add-pattern"
      aria-label={`Add a pattern to ${ch.label}`}
      value=""
      onChange={(ev) => {
        const cls = (ev.currentTarget as HTMLSelectElement).value;
        (ev.currentTarget as HTMLSelectElement).value = '';
        if (cls !== '') void act('Add pattern', () => api('/api/pattern/add', { channel: ch.path, class: cls }));
      }}
    >
      <option value="">+ pattern…</option>
      {library.map((e) => (
        <option key={e.className} value={e.className} disabled={e.unavailable !== undefined} title={e.unavailable}>
          {e.category} / {e.name}
        </option>
      ))}
    </select>
  );
}

/** A bus's effects: select to edit, and switch each on or off (its `enabled` parameter). */
function EffectList({ effects }: { readonly effects: readonly DeviceSummary[] }) {
  if (effects.length === 0) return null;
  return (
    <ul class="effects">
      {effects.map((e) => (
        <li key={e.id} class={`pattern ${selectedDevice.value === e.path ? 'selected' : ''}`} data-path={e.path}>
          {e.enabled !== undefined && (
            <button type="button" class={`pattern-go ${e.enabled ? 'on' : ''}`} aria-pressed={e.enabled} title={e.enabled ? 'Effect on' : 'Effect off'} onClick={() => setParam(`${e.path}/enabled`, !e.enabled)}>
              {e.enabled ? '●' : '○'}
            </button>
          )}
          <button type="button" class="pattern-name" title={e.unavailable ?? e.class} onClick={() => (selectedDevice.value = e.path)}>
            fx: {e.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

function ChannelStrip({ ch, library }: { readonly ch: ChannelState; readonly library: LightState['library']['patterns'] }) {
  const fader = ch.params.fader;
  const enabled = ch.params.enabled;
  const blend = ch.params.blendMode;
  const on = enabled !== undefined && param(enabled).value.value === true;
  return (
    <section class={`strip ${on ? '' : 'off'}`} data-channel={ch.path} aria-label={ch.label}>
      <header class="strip-head">
        <span class="strip-name" title={ch.path}>
          {ch.label}
        </span>
        {enabled !== undefined && <Toggle p={enabled} label="On" />}
      </header>
      <ul class="patterns">
        {ch.patterns.map((p) => (
          <PatternRow key={p.id} ch={ch} p={p} count={ch.patterns.length} />
        ))}
      </ul>
      <AddPattern ch={ch} library={library} />
      <EffectList effects={ch.effects} />
      <div class="strip-bottom">
        {blend !== undefined && <EnumSelect p={blend} />}
        {ch.params.crossfadeGroup !== undefined && <EnumSelect p={ch.params.crossfadeGroup} />}
        {fader !== undefined && <Slider p={fader} vertical label="Fader" />}
      </div>
    </section>
  );
}

/** A generic panel (tempo, palette, snapshots): its controls, and its lists' items as buttons. */
function Panel({ title, panel }: { readonly title: string; readonly panel: PanelState }) {
  const trig = panel.params.filter((p) => p.kind === 'trigger' || panel.momentary.includes(p.key));
  const rest = panel.params.filter((p) => !trig.includes(p) && p.kind !== 'color');
  const colors = panel.params.filter((p) => p.kind === 'color');
  const items = panel.lists.flatMap((l) => l.items.map((i) => ({ list: l.key, item: i })));
  if (panel.params.length === 0 && items.length === 0) return null;
  return (
    <section class="panel" aria-label={title} data-path={panel.path}>
      <h3>{title}</h3>
      {trig.length > 0 && (
        <div class="panel-buttons">
          {trig.map((t) => (
            <Trigger key={t.path} p={t} />
          ))}
        </div>
      )}
      <div class="panel-controls">
        {rest.map((p) => (
          <div key={p.path} class="param-row">
            <span class="param-label">{p.label}</span>
            <ParamControl p={p} />
          </div>
        ))}
        {colors.map((c) => (
          <span key={c.path} class="swatch" title={c.label} style={{ background: typeof c.value === 'string' ? `#${c.value.slice(4)}` : '#000' }} />
        ))}
      </div>
      {items.length > 0 && (
        <div class="panel-items">
          {items.map(({ list, item }) => {
            const color = item.params.find((p) => p.kind === 'color');
            const recall = item.params.find((p) => p.kind === 'trigger' && /recall|go|launch/i.test(p.key));
            return (
              <button
                type="button"
                key={item.id}
                class="panel-item"
                title={`${list}: ${item.label}`}
                style={color !== undefined && typeof color.value === 'string' ? { background: `#${color.value.slice(4)}` } : undefined}
                onClick={() => (recall !== undefined ? void act('Recall', () => api('/api/trigger', { path: recall.path })) : (selectedDevice.value = item.path))}
              >
                {item.label}
              </button>
            );
          })}
        </div>
      )}
    </section>
  );
}

function TempoTap({ tempo }: { readonly tempo: PanelState }) {
  const tap = tempo.params.find((p) => p.key === 'tap');
  const bpm = tempo.params.find((p) => p.key === 'bpm');
  const [taps, setTaps] = useState(0);
  if (tap === undefined && bpm === undefined) return null;
  return (
    <div class="tempo">
      {bpm !== undefined && <span class="bpm">{Number(param(bpm).value.value).toFixed(1)} BPM</span>}
      {tap !== undefined && (
        <button
          type="button"
          class="trigger"
          onClick={() => {
            setTaps(taps + 1);
            void act('Tap', () => api('/api/trigger', { path: tap.path }));
          }}
        >
          Tap
        </button>
      )}
    </div>
  );
}

export function Mixer({ light }: { readonly light: LightState }) {
  const master = light.master.params.fader;
  return (
    <div class="mixer">
      <div class="strips">
        {light.channels.map((ch) => (
          <ChannelStrip key={ch.id} ch={ch} library={light.library.patterns} />
        ))}
        <section class="strip master" aria-label="Master">
          <header class="strip-head">
            <span class="strip-name">Master</span>
          </header>
          <EffectList effects={light.master.effects} />
          <div class="master-controls">
            <Slider p={light.mixer.crossfader} label="A ⟷ B" />
            {light.engine.params.map((p: ParameterPayload) => (
              <Slider key={p.path} p={p} label={p.label} />
            ))}
            <TempoTap tempo={light.tempo} />
          </div>
          <div class="strip-bottom">{master !== undefined && <Slider p={master} vertical label="Master" />}</div>
        </section>
      </div>
      <div class="panels">
        <Panel title="Tempo" panel={light.tempo} />
        <Panel title="Palette" panel={light.palette} />
        <Panel title="Snapshots" panel={light.snapshots} />
      </div>
    </div>
  );
}

export { hsbCss };
