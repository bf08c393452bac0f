import { Fragment } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type {
  ChannelState,
  DeviceSummary,
  LibraryEntry,
  LightState,
  PaletteState,
  PanelState,
  ParameterPayload,
  SnapshotsState,
  SwatchPayload,
} from '../protocol.js';
import { EnumSelect, ParamControl, Slider, Toggle, Trigger, colorCss } from './controls.js';
import { act, callTool, param, selectDevice, selectedChannels, selectedDevice, setParam } from './store.js';

const post = (what: string, tool: string, args: Record<string, unknown>): void => void act(what, () => callTool(tool, args));
/** The component an action is about: path and id, so a path an agent has just shifted is refused as stale. */
const ref = (d: { readonly path: string; readonly id: number }): { path: string; id: number } => ({ path: d.path, id: d.id });
/** The same, for a tool's container argument (the channel or chain an add goes into). */
const into = (d: { readonly path: string; readonly id: number }): { containerPath: string; containerId: number } => ({
  containerPath: d.path,
  containerId: d.id,
});

/** A library picker that acts once and resets: "+ pattern…", "+ effect…", "+ channel…". */

/** A device name that may wrap between its words, CamelCase ones included ("Graphic­Equalizer"): a narrow strip shows it whole. */
function Breakable({ text }: { readonly text: string }) {
  const words = text.split(/(?<=[a-z])(?=[A-Z])/);
  return (
    <>
      {words.map((w, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {w}
        </Fragment>
      ))}
    </>
  );
}

function AddPicker({
  label,
  placeholder,
  library,
  onPick,
  first,
}: {
  readonly label: string;
  readonly placeholder: string;
  readonly library: readonly LibraryEntry[];
  readonly onPick: (cls: string) => void;
  readonly first?: string;
}) {
  return (
    <select
      class="add-picker"
      aria-label={label}
      title={label}
      value=""
      onChange={(ev) => {
        const el = ev.currentTarget as HTMLSelectElement;
        const cls = el.value;
        el.value = '';
        if (cls !== '') onPick(cls);
      }}
    >
      <option value="">{placeholder}</option>
      {first !== undefined && <option value="-">{first}</option>}
      {library.map((e) => (
        <option key={e.className} value={e.className} disabled={e.unavailable !== undefined} title={e.unavailable}>
          {e.category} / {e.name}
          {e.unavailable !== undefined ? ' (not available)' : ''}
        </option>
      ))}
    </select>
  );
}

/** Move up, move down and remove, for a row of an ordered list. */
function RowTools({
  what,
  d,
  count,
  move,
  remove,
}: {
  readonly what: string;
  readonly d: DeviceSummary;
  readonly count: number;
  readonly move: (to: number) => void;
  readonly remove?: () => void;
}) {
  return (
    <span class="row-tools">
      <button type="button" aria-label={`Move ${d.label} up`} title={`Move ${what} up`} disabled={d.index === 0} onClick={() => move(d.index - 1)}>
        ↑
      </button>
      <button type="button" aria-label={`Move ${d.label} down`} title={`Move ${what} down`} disabled={d.index === count - 1} onClick={() => move(d.index + 1)}>
        ↓
      </button>
      {remove !== undefined && (
        <button
          type="button"
          class="remove"
          aria-label={`Remove ${d.label}`}
          title={d.locked === true ? `${d.label} is locked` : `Remove ${what} ${d.label}`}
          disabled={d.locked === true}
          onClick={remove}
        >
          ×
        </button>
      )}
    </span>
  );
}

function PatternRow({ ch, p, count }: { readonly ch: ChannelState; readonly p: DeviceSummary; readonly count: number }) {
  const selected = selectedDevice.value?.id === p.id;
  const playlist = ch.params.compositeMode === undefined || param(ch.params.compositeMode).value.value === 0;
  return (
    <li
      class={`row pattern ${p.active === true ? 'active' : ''} ${selected ? 'selected' : ''} ${p.unavailable !== undefined ? 'unavailable' : ''}`}
      data-path={p.path}
      data-id={p.id}
    >
      {playlist ? (
        <button
          type="button"
          class="row-go"
          title={p.active === true ? 'Active pattern' : `Go to ${p.label}`}
          aria-label={`Go to ${p.label}`}
          aria-pressed={p.active === true}
          onClick={() => post('Go to pattern', 'activate_pattern', ref(p))}
        >
          {p.active === true ? '▶' : '▷'}
        </button>
      ) : (
        <button
          type="button"
          class={`row-go ${p.enabled === true ? 'on' : ''}`}
          title={p.enabled === true ? 'Pattern on (blend mode)' : 'Pattern off (blend mode)'}
          aria-label={`${p.label} on`}
          aria-pressed={p.enabled === true}
          onClick={() => setParam(`${p.path}/enabled`, p.enabled !== true)}
        >
          {p.enabled === true ? '●' : '○'}
        </button>
      )}
      <button type="button" class="row-name" title={p.unavailable ?? `${p.label}: edit its parameters`} onClick={() => selectDevice(p)}>
        <Breakable text={p.label} />
        {(p.effects?.length ?? 0) > 0 && <small class="fx-count"> +{p.effects?.length} fx</small>}
      </button>
      <RowTools
        what="pattern"
        d={p}
        count={count}
        move={(to) => post('Move pattern', 'move_pattern', { ...ref(p), index: to })}
        remove={() => post('Remove pattern', 'remove_pattern', ref(p))}
      />
    </li>
  );
}

/**
 * An effect chain (a channel's, a group's, the master's or a pattern's): each effect on/off,
 * selected for editing, moved, removed; new effects added from the library at the end.
 */
export function EffectChain({
  container,
  effects,
  library,
  name,
}: {
  readonly container: { readonly path: string; readonly id: number };
  readonly effects: readonly DeviceSummary[];
  readonly library: readonly LibraryEntry[];
  readonly name: string;
}) {
  return (
    <div class="fx" data-container={container.path}>
      {effects.length > 0 && (
        <ul class="rows effects" aria-label={`Effects on ${name}`}>
          {effects.map((e) => (
            <li
              key={e.id}
              class={`row effect ${selectedDevice.value?.id === e.id ? 'selected' : ''} ${e.unavailable !== undefined ? 'unavailable' : ''}`}
              data-path={e.path}
              data-id={e.id}
            >
              {e.enabled !== undefined ? (
                <button
                  type="button"
                  class={`row-go ${e.enabled ? 'on' : ''}`}
                  aria-pressed={e.enabled}
                  aria-label={`${e.label} on`}
                  title={e.enabled ? `${e.label} is on: turn it off` : `${e.label} is off: turn it on`}
                  onClick={() => setParam(`${e.path}/enabled`, !e.enabled)}
                >
                  {e.enabled ? '●' : '○'}
                </button>
              ) : (
                <span class="row-go" />
              )}
              <button type="button" class="row-name" title={e.unavailable ?? `${e.label}: edit its parameters`} onClick={() => selectDevice(e)}>
                <span class="fx-tag">fx</span> <Breakable text={e.label} />
              </button>
              <RowTools
                what="effect"
                d={e}
                count={effects.length}
                move={(to) => post('Move effect', 'move_effect', { ...ref(e), index: to })}
                remove={() => post('Remove effect', 'remove_effect', ref(e))}
              />
            </li>
          ))}
        </ul>
      )}
      <AddPicker
        label={`Add an effect to ${name}`}
        placeholder="+ effect…"
        library={library}
        onPick={(cls) => post('Add effect', 'add_effect', { ...into(container), class: cls })}
      />
    </div>
  );
}

function toggleChannel(id: number, additive: boolean): void {
  const now = selectedChannels.value;
  if (additive) selectedChannels.value = now.includes(id) ? now.filter((x) => x !== id) : [...now, id];
  else selectedChannels.value = now.length === 1 && now[0] === id ? [] : [id];
}

function ChannelStrip({ ch, light, groupLabel }: { readonly ch: ChannelState; readonly light: LightState; readonly groupLabel?: string }) {
  const fader = ch.params.fader;
  const enabled = ch.params.enabled;
  const on = enabled !== undefined && param(enabled).value.value === true;
  const selected = selectedChannels.value.includes(ch.id);
  const kind = ch.type === 'group' ? 'group' : groupLabel !== undefined ? 'member' : 'channel';
  return (
    <section class={`strip ${kind} ${on ? '' : 'off'} ${selected ? 'selected' : ''}`} data-channel={ch.path} data-id={ch.id} aria-label={ch.label}>
      <header class="strip-head">
        <button
          type="button"
          class="strip-name"
          aria-pressed={selected}
          title={`${ch.label} (${ch.path}): click to select for the mixer tools; Ctrl/⌘-click to select several`}
          onClick={(ev) => toggleChannel(ch.id, ev.ctrlKey || ev.metaKey || ev.shiftKey)}
        >
          {ch.label}
        </button>
        {enabled !== undefined && <Toggle p={enabled} label="On" />}
      </header>
      <div class="strip-kind">
        {ch.type === 'group'
          ? `Group · ${ch.members?.length ?? 0} channel${ch.members?.length === 1 ? '' : 's'}`
          : groupLabel !== undefined
            ? `in ${groupLabel}`
            : 'Channel'}
        {ch.autoMuted && (
          <span class="automute" title="Fader at 0: the channel is not rendered">
            {' '}
            · muted
          </span>
        )}
      </div>
      {ch.type === 'channel' && (
        <div class="strip-patterns">
          <ul class="rows patterns" aria-label={`Patterns of ${ch.label}`}>
            {ch.patterns.map((p) => (
              <PatternRow key={p.id} ch={ch} p={p} count={ch.patterns.length} />
            ))}
            {ch.patterns.length === 0 && <li class="hint">No patterns</li>}
          </ul>
          <AddPicker
            label={`Add a pattern to ${ch.label}`}
            placeholder="+ pattern…"
            library={light.library.patterns}
            onPick={(cls) => post('Add pattern', 'add_pattern', { ...into(ch), class: cls })}
          />
        </div>
      )}
      <EffectChain container={ch} effects={ch.effects} library={light.library.effects} name={ch.label} />
      <div class="strip-bottom">
        <div class="strip-settings">
          {ch.params.blendMode !== undefined && <EnumSelect p={ch.params.blendMode} label="Blend" />}
          {ch.params.crossfadeGroup !== undefined && <EnumSelect p={ch.params.crossfadeGroup} label="Crossfade" />}
        </div>
        {fader !== undefined && <Slider p={fader} vertical label="Level" />}
      </div>
    </section>
  );
}

interface Block {
  readonly start: number;
  readonly length: number;
}

/** The mixer as top-level blocks: a lone channel, or a group with its members. */
function blocksOf(channels: readonly ChannelState[]): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < channels.length; ) {
    const c = channels[i];
    const length = c.type === 'group' ? 1 + (c.members?.length ?? 0) : 1;
    out.push({ start: i, length });
    i += length;
  }
  return out;
}

/** Where `moveChannel` should put a strip to move it one place left (-1) or right (+1), if it can move. */
function moveTarget(channels: readonly ChannelState[], ch: ChannelState, dir: -1 | 1): number | undefined {
  if (ch.group !== undefined) {
    const g = channels.find((c) => c.id === ch.group);
    if (g === undefined) return undefined;
    const to = ch.index + dir;
    return to >= g.index + 1 && to <= g.index + (g.members?.length ?? 0) ? to : undefined;
  }
  const blocks = blocksOf(channels);
  const at = blocks.findIndex((b) => b.start === ch.index);
  if (at < 0) return undefined;
  if (dir < 0) return at === 0 ? undefined : blocks[at - 1].start;
  return at === blocks.length - 1 ? undefined : ch.index + blocks[at + 1].length;
}

/** Tools over the selected strips: add a channel, group, ungroup, move, remove. */
function MixerBar({ light }: { readonly light: LightState }) {
  const ids = selectedChannels.value;
  const chosen = light.channels.filter((c) => ids.includes(c.id));
  const one = chosen.length === 1 ? chosen[0] : undefined;
  const canGroup = chosen.length > 0 && chosen.every((c) => c.type === 'channel' && c.group === undefined);
  const canUngroup = one !== undefined && (one.type === 'group' || one.group !== undefined);
  const left = one === undefined ? undefined : moveTarget(light.channels, one, -1);
  const right = one === undefined ? undefined : moveTarget(light.channels, one, 1);
  const what = chosen.length === 0 ? 'Select a strip by its name (Ctrl/⌘-click for several)' : chosen.map((c) => c.label).join(', ');
  return (
    <div class="mixer-bar" role="toolbar" aria-label="Mixer tools">
      <h2>Mixer</h2>
      <AddPicker
        label="Add a channel"
        placeholder="+ channel…"
        first="Empty channel"
        library={light.library.patterns}
        onPick={(cls) => {
          // As in LX a new channel starts with its fader at 0 unless it is the only one: it is heard once raised.
          post('Add channel', 'add_channel', cls === '-' ? {} : { class: cls });
        }}
      />
      <span class="selection" title={what}>
        {what}
      </span>
      <button
        type="button"
        disabled={left === undefined}
        aria-label="Move the selected strip left"
        title="Move left"
        onClick={() => one !== undefined && left !== undefined && post('Move channel', 'move_channel', { ...ref(one), index: left })}
      >
        ◀ Move
      </button>
      <button
        type="button"
        disabled={right === undefined}
        aria-label="Move the selected strip right"
        title="Move right"
        onClick={() => one !== undefined && right !== undefined && post('Move channel', 'move_channel', { ...ref(one), index: right })}
      >
        Move ▶
      </button>
      <button
        type="button"
        disabled={!canGroup}
        title="Put the selected channels into a new group"
        onClick={() => post('Group channels', 'group_channels', { channels: chosen.map((c) => c.id) })}
      >
        Group
      </button>
      <button
        type="button"
        disabled={!canUngroup}
        title={one?.type === 'group' ? 'Dissolve the group: its channels stay, the group bus goes' : 'Take the channel out of its group'}
        onClick={() => one !== undefined && post('Ungroup', one.type === 'group' ? 'ungroup_channels' : 'ungroup_channel', ref(one))}
      >
        Ungroup
      </button>
      <button
        type="button"
        class="remove"
        disabled={one === undefined}
        title={one?.type === 'group' ? 'Remove the group with its channels' : 'Remove the selected channel'}
        onClick={() => one !== undefined && post('Remove channel', 'remove_channel', ref(one))}
      >
        Remove
      </button>
    </div>
  );
}

function MasterStrip({ light }: { readonly light: LightState }) {
  const master = light.master.params.fader;
  const tap = light.tempo.params.find((p) => p.key === 'tap');
  const bpm = light.tempo.params.find((p) => p.key === 'bpm');
  return (
    <section class="strip master" data-channel={light.master.path} aria-label="Master">
      <header class="strip-head">
        <span class="strip-title">Master</span>
      </header>
      <EffectChain container={light.master} effects={light.master.effects} library={light.library.effects} name="the master" />
      <Slider p={light.mixer.crossfader} label="Crossfade A ⟷ B" stacked />
      <div class="strip-bottom">
        <div class="master-controls">
          {light.engine.params.map((p: ParameterPayload) => (
            <Slider
              key={p.path}
              p={p}
              label={p.key === 'framesPerSecond' ? 'Frame rate' : p.label}
              unit={p.key === 'framesPerSecond' ? 'fps' : p.key === 'speed' ? '×' : undefined}
              stacked
            />
          ))}
          {bpm !== undefined && <Slider p={bpm} label="Tempo" unit="BPM" stacked />}
          {tap !== undefined && <Trigger p={tap} label="Tap tempo" />}
        </div>
        {master !== undefined && <Slider p={master} vertical label="Master" />}
      </div>
    </section>
  );
}

/** Parameters of a panel (palette or snapshot settings, tempo), folded. */
function Settings({ title, panel, skip = [] }: { readonly title: string; readonly panel: PanelState; readonly skip?: readonly string[] }) {
  const params = panel.params.filter((p) => !skip.includes(p.key));
  if (params.length === 0) return null;
  return (
    <details class="settings">
      <summary>{title}</summary>
      <div class="params">
        {params.map((p) => (
          <div key={p.path} class="param-row">
            <span class="param-label" title={p.description}>
              {p.label}
            </span>
            <ParamControl p={p} momentary={panel.momentary.includes(p.key)} />
          </div>
        ))}
      </div>
    </details>
  );
}

function Chips({ s }: { readonly s: SwatchPayload }) {
  return (
    <span class="chips" aria-hidden="true">
      {s.colors.map((c) => (
        <span key={c.id} class="chip" title={`${c.mode} ${colorCss(c.color)}`} style={{ background: colorCss(c.color) }} />
      ))}
    </span>
  );
}

/** The × that removes one saved swatch or snapshot (`what`) through its remove tool. */
function RemoveItem({
  item,
  what,
  tool,
}: {
  readonly item: { readonly path: string; readonly id: number; readonly label: string };
  readonly what: string;
  readonly tool: string;
}) {
  return (
    <button
      type="button"
      class="remove"
      aria-label={`Remove ${item.label}`}
      title={`Remove ${item.label}`}
      onClick={() => post(`Remove ${what}`, tool, ref(item))}
    >
      ×
    </button>
  );
}

function PalettePanel({ palette }: { readonly palette: PaletteState }) {
  return (
    <section class="panel palette" aria-label="Palette" data-path={palette.path}>
      <h3>
        Palette
        <button type="button" class="small" title="Save the live colors as a new swatch" onClick={() => post('Save swatch', 'save_swatch', {})}>
          Save swatch
        </button>
      </h3>
      <div class="live-swatch" title="The live swatch: the colors patterns in Palette mode use now">
        <span class="param-label">Live</span>
        <Chips s={palette.live} />
      </div>
      {palette.swatches.length === 0 ? (
        <p class="hint">No saved swatches. Save the live colors to recall them later.</p>
      ) : (
        <ul class="swatches" aria-label="Saved swatches">
          {palette.swatches.map((s) => (
            <li key={s.id} class={`swatch-item ${palette.recalled === s.index ? 'recalled' : ''}`} data-path={s.path}>
              <button
                type="button"
                class="recall"
                aria-pressed={palette.recalled === s.index}
                title={`Recall ${s.label}: make its colors live`}
                onClick={() => post('Recall swatch', 'set_swatch', ref(s))}
              >
                <Chips s={s} />
                <span class="swatch-label">{s.label}</span>
              </button>
              <RemoveItem item={s} what="swatch" tool="remove_swatch" />
            </li>
          ))}
        </ul>
      )}
      <Settings title="Palette settings" panel={palette} skip={['autoCycleCursor', 'expandedPerformance', 'label1', 'label2', 'label3', 'label4', 'label5']} />
    </section>
  );
}

function SnapshotsPanel({ snapshots }: { readonly snapshots: SnapshotsState }) {
  return (
    <section class="panel snapshots" aria-label="Snapshots" data-path={snapshots.path}>
      <h3>
        Snapshots
        <button
          type="button"
          class="small"
          title="Capture the show's current values as a new snapshot"
          onClick={() => post('Capture snapshot', 'add_snapshot', {})}
        >
          Capture
        </button>
      </h3>
      {snapshots.items.length === 0 ? (
        <p class="hint">No snapshots. Capture one to recall this look later.</p>
      ) : (
        <ul class="snapshot-list" aria-label="Snapshots">
          {snapshots.items.map((s) => (
            <li key={s.id} class={`snapshot ${snapshots.recalled === s.index ? 'recalled' : ''}`} data-path={s.path}>
              <span class="snapshot-label" title={s.path}>
                {s.label}
              </span>
              <button
                type="button"
                class="recall"
                title={`Recall ${s.label} (undo puts back what it changed)`}
                onClick={() => post('Recall snapshot', 'recall_snapshot', ref(s))}
              >
                Recall
              </button>
              <button
                type="button"
                class="update"
                title={`Update ${s.label} from the show's current values`}
                onClick={() => post('Update snapshot', 'update_snapshot', ref(s))}
              >
                Update
              </button>
              <RemoveItem item={s} what="snapshot" tool="remove_snapshot" />
            </li>
          ))}
        </ul>
      )}
      <Settings title="Snapshot settings" panel={snapshots} skip={['autoCycleCursor']} />
    </section>
  );
}

/** Strips cut off by the scroll container's left and right edges (partly or wholly). */
function hiddenStrips(box: HTMLElement): { left: HTMLElement[]; right: HTMLElement[] } {
  const r = box.getBoundingClientRect();
  const strips = [...box.querySelectorAll<HTMLElement>(':scope > .strip')];
  return {
    left: strips.filter((s) => s.getBoundingClientRect().left < r.left - 0.5),
    right: strips.filter((s) => s.getBoundingClientRect().right > r.right + 0.5),
  };
}

/** The channel strips, scrolling sideways when they outnumber the room; each edge that hides strips says how many, and a click brings the next one in. */
function Strips({ light }: { readonly light: LightState }) {
  const labels = new Map(light.channels.map((c) => [c.id, c.label]));
  const strips = useRef<HTMLDivElement>(null);
  const known = useRef<Set<number> | undefined>(undefined);
  const [hidden, setHidden] = useState({ left: 0, right: 0 });
  const measure = (): void => {
    if (strips.current === null) return;
    const h = hiddenStrips(strips.current);
    setHidden((was) => (was.left === h.left.length && was.right === h.right.length ? was : { left: h.left.length, right: h.right.length }));
  };
  // A channel someone (often an agent) adds is scrolled into view, so it is never hidden past the edge.
  useEffect(() => {
    const ids = new Set(light.channels.map((c) => c.id));
    const added = known.current === undefined ? [] : light.channels.filter((c) => !known.current!.has(c.id));
    known.current = ids;
    const last = added.at(-1);
    if (last !== undefined) strips.current?.querySelector(`[data-id="${last.id}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    measure();
  }, [light.channels]);
  useEffect(() => {
    const box = strips.current;
    if (box === null) return;
    const watch = new ResizeObserver(measure);
    watch.observe(box);
    return () => watch.disconnect();
  }, []);
  const bring = (side: 'left' | 'right'): void => {
    if (strips.current === null) return;
    const h = hiddenStrips(strips.current)[side];
    (side === 'left' ? h.at(-1) : h[0])?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  return (
    <div class="strips-frame">
      <div class="strips" ref={strips} onScroll={measure}>
        {light.channels.map((ch) => (
          <ChannelStrip key={ch.id} ch={ch} light={light} groupLabel={ch.group === undefined ? undefined : labels.get(ch.group)} />
        ))}
        {light.channels.length === 0 && <p class="hint">No channels. Add one with “+ channel…”.</p>}
      </div>
      {(['left', 'right'] as const).map(
        (side) =>
          hidden[side] > 0 && (
            <button
              type="button"
              key={side}
              class={`strips-more ${side}`}
              data-count={hidden[side]}
              aria-label={`${hidden[side]} more channel strip${hidden[side] === 1 ? '' : 's'} to the ${side}: show the next`}
              title={`${hidden[side]} more to the ${side} (or scroll the mixer sideways)`}
              onClick={() => bring(side)}
            >
              {side === 'left' ? `◀ ${hidden[side]}` : `${hidden[side]} ▶`}
            </button>
          ),
      )}
    </div>
  );
}

export function Mixer({ light }: { readonly light: LightState }) {
  return (
    <div class="mixer">
      <MixerBar light={light} />
      <div class="mixer-body">
        <Strips light={light} />
        <MasterStrip light={light} />
        <div class="show-panels">
          <PalettePanel palette={light.palette} />
          <SnapshotsPanel snapshots={light.snapshots} />
          <section class="panel tempo-panel" aria-label="Tempo">
            <Settings title="Tempo settings" panel={light.tempo} skip={['tap']} />
          </section>
        </div>
      </div>
    </div>
  );
}
