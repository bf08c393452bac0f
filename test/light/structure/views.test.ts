import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLibrary } from '../../../src/light/devices/library.js';
import type { Channel } from '../../../src/light/mixer/channel.js';
import { readProject } from '../../../src/light/show/project/project-file.js';
import { ViewDefinition } from '../../../src/light/structure/view-definition.js';
import type { ViewSelectorParameter } from '../../../src/light/structure/view-selector.js';

import { GOLDEN_DIR as GOLDEN } from '../../helpers/golden-dir.js';

function load(scene: string) {
  return readProject(JSON.parse(readFileSync(join(GOLDEN, `${scene}.lxp`), 'utf8')), createLibrary()).lx;
}

test('views load from the structure; device selectors resolve to them; options follow the list', () => {
  const lx = load('gradient_palette_views');
  const views = lx.structure.views.views.items;
  assert.deepEqual(
    views.map((v) => v.label.getString()),
    ['GridView', 'StripView', 'ArcView', 'PointView'],
  );
  assert.equal(views[0].path, '/lx/structure/views/view/1');
  assert.equal(views[1].points?.size, 105);
  assert.equal(views[3].points?.size, 6);
  const patterns = (lx.mixer.channels.at(0) as Channel).patterns.items;
  patterns.forEach((p, i) => {
    const sel = p.parameters.get('view') as ViewSelectorParameter;
    assert.equal(sel.selected, views[i]);
    assert.deepEqual(sel.options, ['Default', 'GridView', 'StripView', 'ArcView', 'PointView']);
  });
  views[1].label.setString('Strips');
  assert.equal((patterns[1].parameters.get('view') as ViewSelectorParameter).option, 'Strips');
});

test('the priority selector lists only priority views; a non-priority view leaves it at Default', () => {
  const lx = load('gradient_palette_views');
  const views = lx.structure.views.views.items;
  views[2].priority.setOn(false);
  const p = (lx.mixer.channels.at(0) as Channel).patterns.at(2)!;
  const view = p.parameters.get('view') as ViewSelectorParameter;
  const priority = p.parameters.get('viewPriority') as ViewSelectorParameter;
  assert.deepEqual(priority.options, ['Default', 'GridView', 'StripView', 'PointView']);
  assert.equal(view.selected, views[2], 'the device keeps its (now non-priority) view');
  priority.select(views[0]);
  assert.equal(view.selected, views[0], 'choosing on the priority selector sets the view');
});

test('a disabled view, an empty or invalid selector renders the whole model', () => {
  const lx = load('gradient_palette_views');
  const v = lx.structure.views.views.at(0)!;
  v.enabled.setOn(false);
  assert.equal(v.points, null);
  v.enabled.setOn(true);
  v.selector.setString('');
  assert.equal(v.points, null);
  v.selector.setString('grid[');
  assert.equal(v.points, null);
  assert.match(v.error ?? '', /selector/);
  const fresh = new ViewDefinition();
  assert.throws(() => fresh.selector.accept('a,[1'), /selector/);
});

test('a model change rebuilds the views (points follow the new geometry)', () => {
  const lx = load('gradient_palette_views');
  const strip = lx.structure.views.views.at(1)!;
  const before = strip.points!.size;
  lx.structure.fixtures.at(1)!.parameters.get('numPoints')!.setBase(10);
  assert.equal(strip.points!.size, before - 50);
  assert.equal(lx.structure.model.size, 503 - 50);
});
