import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Component } from '../../src/engine/component.js';
import { Graph } from '../../src/engine/graph.js';
import { BoundedParameter } from '../../src/engine/parameters/bounded.js';
import { ColorParameter } from '../../src/engine/parameters/color.js';
import { resolvePath, resolveParameter, resolveComponent } from '../../src/engine/paths.js';
import { FootlightError } from '../../src/engine/errors.js';

function build() {
  const lx = new Component('Engine');
  lx.key = 'lx';
  const mixer = lx.addChild('mixer', new Component('Mixer'));
  const channels = mixer.addArray<Component>('channel');
  const graph = new Graph();
  graph.addRoot(lx);
  for (let i = 0; i < 2; i++) {
    const ch = channels.insert(new Component(`Channel-${i + 1}`));
    ch.addParameter('fader', new BoundedParameter('Fader', 1));
    const patterns = ch.addArray<Component>('pattern');
    const p = patterns.insert(new Component('Solid'));
    p.addParameter('color', new ColorParameter('Color', { h: 0, s: 100, b: 100 }));
  }
  return { lx, graph, channels };
}

function error(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof FootlightError);
    return `${e.code}: ${e.message}`;
  }
  assert.fail('expected a throw');
}

test('paths: canonical form with 1-based array members', () => {
  const { lx, channels } = build();
  assert.equal(channels.at(1)!.path, '/lx/mixer/channel/2');
  assert.equal(resolveComponent(lx, '/lx/mixer/channel/2').path, '/lx/mixer/channel/2');
  assert.equal(resolveComponent(lx, 'lx/mixer').label.getString(), 'Mixer');
  assert.equal(resolveParameter(lx, '/lx/mixer/channel/1/fader').path, '/lx/mixer/channel/1/fader');
  assert.equal(resolveParameter(lx, '/lx/mixer/channel/1/pattern/1/color/hue').path, '/lx/mixer/channel/1/pattern/1/color/hue');
  assert.equal(resolvePath(lx, '/lx/mixer/channel/1/pattern/1/color').kind, 'parameter');
});

test('paths: malformed, foreign-rooted and over-long paths are refused, never resolved to a parent', () => {
  const { lx } = build();
  assert.match(
    error(() => resolvePath(lx, '/mixer/channel/1')),
    /^invalid_argument: .*must start with \/lx/,
  );
  assert.match(
    error(() => resolvePath(lx, '/lx//mixer')),
    /^invalid_argument: .*empty segment/,
  );
  assert.match(
    error(() => resolvePath(lx, '/lx/mixer/')),
    /^invalid_argument: .*empty segment/,
  );
  assert.match(
    error(() => resolvePath(lx, '/lx/mixer/../mixer')),
    /^invalid_argument: /,
  );
  assert.match(
    error(() => resolvePath(lx, '/lx/mixer/channel/0')),
    /^invalid_argument: .*1-based/,
  );
  assert.match(
    error(() => resolvePath(lx, '/lx/mixer/channel/01')),
    /^invalid_argument: /,
  );
  assert.match(
    error(() => resolvePath(lx, '/lx/mixer/channel/3')),
    /^not_found: .*has 2 items/,
  );
  assert.match(
    error(() => resolvePath(lx, '/lx/mixer/channel')),
    /^not_found: .*is a list/,
  );
  assert.match(
    error(() => resolvePath(lx, '/lx/mixer/channel/1/fader/x')),
    /^not_found: .*continues past it/,
  );
  assert.match(
    error(() => resolvePath(lx, '/lx/mixer/channel/1/pattern/1/color/hue/x')),
    /^not_found: .*continues past it/,
  );
  assert.match(
    error(() => resolvePath(lx, '/lx/mixer/channel/1/pattern/1/color/red')),
    /^not_found: .*no sub-parameter/,
  );
  assert.match(
    error(() => resolvePath(lx, '/lx/mixer/chanel/1')),
    /^not_found: \/lx\/mixer has nothing named "chanel"/,
  );
  assert.match(
    error(() => resolvePath(lx, `/lx/${'a/'.repeat(600)}`)),
    /^invalid_argument: .*limit/,
  );
  assert.match(
    error(() => resolvePath(lx, 42)),
    /^invalid_argument: /,
  );
  assert.match(
    error(() => resolveParameter(lx, '/lx/mixer')),
    /^invalid_argument: .*is a component/,
  );
  assert.match(
    error(() => resolveComponent(lx, '/lx/mixer/channel/1/fader')),
    /^invalid_argument: .*is a parameter/,
  );
});

test('graph: ids are global, stable across remove and re-insert, and unique', () => {
  const { graph, channels } = build();
  const ch = channels.at(0)!;
  const id = ch.id;
  assert.equal(graph.get(id), ch);
  channels.remove(ch);
  assert.equal(graph.get(id), undefined);
  assert.equal(channels.at(0)!.path, '/lx/mixer/channel/1');
  channels.insert(ch, 0);
  assert.equal(ch.id, id);
  assert.equal(graph.get(id), ch);
  const ids = new Set([...graph.roots[0].descendants()].map((c) => c.id));
  assert.equal(ids.size, graph.size);
});
