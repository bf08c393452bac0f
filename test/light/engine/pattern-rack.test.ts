import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLibrary } from '../../../src/light/devices/library.js';
import type { Channel } from '../../../src/light/mixer/channel.js';
import { PatternRack } from '../../../src/light/devices/patterns/pattern-rack.js';
import { readProject, writeProject } from '../../../src/light/show/project/project-file.js';
import { renderOffline } from '../../../src/light/render/offline.js';

import { GOLDEN_DIR as GOLDEN } from '../../helpers/golden-dir.js';

type Json = Record<string, any>;

/** playlist_transition with channel 1's three patterns moved into a rack (same engine settings). */
function racked(): { plain: Json; rack: Json } {
  const plain = JSON.parse(readFileSync(join(GOLDEN, 'playlist_transition.lxp'), 'utf8')) as Json;
  const rack = structuredClone(plain);
  const ch = rack.engine.children.mixer.channels[0];
  const engineKeys = [
    'compositeMode',
    'compositeMode/name',
    'compositeDampingEnabled',
    'compositeDampingTimeSecs',
    'autoCycleEnabled',
    'autoCycleMode',
    'autoCycleMode/name',
    'autoCycleTimeSecs',
    'transitionEnabled',
    'transitionTimeSecs',
    'transitionBlendMode',
    'focusedPattern',
  ];
  const params: Json = { label: 'Rack', enabled: true, compositeBlend: 0, compositeLevel: 1 };
  for (const k of engineKeys) params[k] = ch.parameters[k];
  ch.parameters.autoCycleEnabled = false;
  ch.parameters.transitionEnabled = false;
  ch.patterns = [
    {
      id: 5000,
      class: 'heronarts.lx.pattern.PatternRack',
      parameters: params,
      children: {},
      deviceVersion: -1,
      effects: [],
      patternIndex: 0,
      patterns: ch.patterns,
    },
  ];
  ch.patternIndex = 0;
  return { plain, rack };
}

test('PatternRack: a rack plays its playlist (transitions, auto-cycle) exactly like a channel would', () => {
  const { plain, rack } = racked();
  const opts = { frames: 121, deltaMs: 1000 / 60, registry: createLibrary() };
  const a = renderOffline(plain, opts);
  const b = renderOffline(rack, opts);
  assert.deepEqual(b.warnings, []);
  for (let f = 0; f < a.frames.length; f++) assert.deepEqual(b.frames[f].argb, a.frames[f].argb, `frame ${f}`);
  const ch = b.show.mixer.channels.at(0) as Channel;
  const r = ch.patterns.at(0) as PatternRack;
  assert.ok(r instanceof PatternRack);
  assert.equal(r.patterns.length, 3);
  assert.equal(r.patterns.at(0)?.path, '/lx/mixer/channel/1/pattern/1/pattern/1');
});

test('PatternRack: saves and loads its patterns, active index and engine settings unchanged', () => {
  const { rack } = racked();
  const first = writeProject(readProject(rack, createLibrary()).lx, {}, 0);
  const second = writeProject(readProject(first, createLibrary()).lx, {}, 0);
  assert.deepEqual(second, first);
  const savedRack = (first.engine as Json).children.mixer.channels[0].patterns[0];
  assert.equal(savedRack.patterns.length, 3);
  assert.equal(savedRack.parameters.autoCycleEnabled, true);
  assert.equal(savedRack.parameters.compositeMode, 0);
});
