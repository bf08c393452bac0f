// Issue #30 "Seeing it", in a real headless Chromium (Debian's, through playwright-core): stage
// fixtures patched over MCP show in the console's 3D preview as bodies with beams read from their
// DMX bytes (direction, colour, intensity, width); the Stage tab's patch sheet lists them with
// collisions highlighted, and the attribute panel's sliders write the DMX value as one undo step.
// The tab also patches from the library, aims and removes, each through the stage tool: one undo step.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { degreesToDmx } from '../../src/light/stage/aim/index.js';
import { startShow, tempHome, type TestShow } from '../helpers/show.js';
import { history } from '../light/operations/helpers.js';
import { browserFor, chromiumMissing, openConsole } from './browser.js';
import { baseOf } from './helpers.js';

// Page globals, for the functions page.evaluate runs in the browser (this file is not built with the DOM library).
declare const window: { __footlight: { preview?: any } };

const skip = chromiumMissing();
const LIBRARY = fileURLToPath(new URL('../light/stage/fixtures/', import.meta.url));
const SHARPY = 'qlc/Clay_Paky/Clay-Paky-Sharpy.qxf';
const MAC = 'qlc/Martin/Martin-MAC-250-Wash.qxf';
const PAR = 'qlc/Cameo/Cameo-Flat-PAR-CAN-TRI-3W.qxf';

async function stageShow(t: Parameters<typeof startShow>[0]): Promise<TestShow> {
  const home = await tempHome(t);
  await writeFile(join(home, 'config.json'), JSON.stringify({ fixtureLibrary: LIBRARY }));
  return startShow(t, { home });
}

test('preview: a stage fixture shows as a body with a beam that follows its DMX (direction, colour, intensity)', { skip }, async (t) => {
  const show = await stageShow(t);
  await show.call('set_parameter', { path: '/lx/mixer/channel/1/enabled', value: false });
  await show.call('set_parameter', { path: '/lx/mixer/channel/2/enabled', value: false });
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(1, 10));
  const { page, problems, external } = await openConsole(await browserFor(t), baseOf(show.url));
  t.after(() => page.close());
  await page.waitForFunction(() => window.__footlight.preview?.stats.points > 0, undefined, { timeout: 15_000 });
  const darkPixels: number = await page.evaluate(() => window.__footlight.preview.litPixels());

  await show.call('patch_fixture', { profile: SHARPY, mode: 'Standard', placement: { position: { x: 0, y: 0, z: 0 } } });
  const set = (key: string, value: number) => show.call('set_parameter', { path: `/lx/stage/fixture/1/${key}`, value });
  await set('pan', degreesToDmx(90, 540, 16));
  await set('tilt', degreesToDmx(90, 250, 16));
  await set('shutter', 105);
  await set('colorWheel', 10);
  await set('intensity', 255);
  await page.waitForFunction(() => window.__footlight.preview.lastBeams[0]?.intensity === 1, undefined, { timeout: 10_000 });
  const beam = await page.evaluate(() => window.__footlight.preview.lastBeams[0]);
  assert.ok(Math.abs(beam.direction[0] - 1) < 1e-3, `pan 90° after tilt 90° points +x: ${beam.direction}`);
  assert.deepEqual(beam.color, [0xc4 / 255, 0x1c / 255, 0x1a / 255], "the wheel slot's colour");
  assert.ok(Math.abs(beam.beamAngle - 3.8) < 1e-5, 'the Sharpy beam');
  const lit: number = await page.evaluate(() => window.__footlight.preview.litPixels());
  assert.ok(lit > darkPixels + 50, `the beam lights the preview (${darkPixels} → ${lit} pixels)`);

  await set('intensity', 0);
  await page.waitForFunction(() => window.__footlight.preview.lastBeams[0]?.intensity === 0, undefined, { timeout: 10_000 });
  const off: number = await page.evaluate(() => window.__footlight.preview.litPixels());
  assert.ok(off < lit, `at intensity 0 the beam is gone (${off} pixels)`);
  assert.deepEqual(problems, []);
  assert.deepEqual(external, []);
});

test('stage tab: the patch sheet shows the fixtures and an overlap; a slider sets a DMX value as one undo step', { skip }, async (t) => {
  const show = await stageShow(t);
  await show.call('patch_fixture', { profile: MAC, mode: '16 Bt (16 Bit Mode)', label: 'Head L', universe: 1, address: 1 });
  await show.call('patch_fixture', { profile: PAR, mode: '3-Channel Mode 2', label: 'Par 1', universe: 500, address: 10 });
  // The grid's Art-Net output on universe 1 now writes the head's channels too.
  await show.call('set_parameter', { path: '/lx/structure/fixture/1/protocol', value: 'Art-Net' });
  await show.call('set_parameter', { path: '/lx/structure/fixture/1/artNetUniverse', value: 1 });
  await show.call('set_parameter', { path: '/lx/structure/fixture/1/enabled', value: true });
  const { page, problems, external } = await openConsole(await browserFor(t), baseOf(show.url));
  t.after(() => page.close());
  await page.getByRole('tab', { name: 'Stage' }).click();
  const head = page.locator('tr[data-fixture="/lx/stage/fixture/1"]');
  const par = page.locator('tr[data-fixture="/lx/stage/fixture/2"]');
  await head.waitFor({ timeout: 10_000 });
  assert.deepEqual(await head.locator('td').allInnerTexts(), ['1', '1', '1–13', '13', '16 Bt (16 Bit Mode)', 'Martin MAC 250 Wash']);
  assert.deepEqual(await par.locator('td').allInnerTexts(), ['500', '10', '10–12', '3', '3-Channel Mode 2', 'Cameo Flat PAR CAN TRI 3W']);
  assert.match((await head.getAttribute('class')) ?? '', /\boverlap\b/, 'the head shares channels with the grid');
  assert.match(await head.innerText(), /overlaps pixel fixture \/lx\/structure\/fixture\/1/);
  assert.doesNotMatch((await par.getAttribute('class')) ?? '', /\boverlap\b/);

  await head.getByRole('button', { name: 'Head L' }).click();
  const slider = page.locator('[role=slider][data-path="/lx/stage/fixture/1/intensity"]');
  await slider.waitFor({ timeout: 10_000 });
  const dmx = () => show.call('get_stage_fixture_dmx', { path: '/lx/stage/fixture/1' });
  const intensity = async () => (await dmx()).attributes.find((a: { key: string }) => a.key === 'intensity');
  const before = await intensity();
  const steps = ((await history(show)) as { steps: unknown[] }).steps.length;
  await slider.focus();
  await page.keyboard.press('End');
  for (let i = 0; i < 100 && (await intensity()).value !== 255; i++) await new Promise((r) => setTimeout(r, 50));
  const after = await intensity();
  assert.equal(after.value, 255, 'End takes the dimmer to full');
  assert.ok(after.range !== undefined && after.range !== '', 'the MAC names its dimmer range');
  assert.equal((await dmx()).dmx[1].value, 255, 'channel 2 (the dimmer) sends 255');
  assert.equal(((await history(show)) as { steps: unknown[] }).steps.length, steps + 1, 'one undo step');
  const range = page.locator('.stage-attribute[data-key="intensity"] .range');
  await page.waitForFunction((want) => document.querySelector('.stage-attribute[data-key="intensity"] .range')?.textContent === want, after.range ?? '', {
    timeout: 10_000,
  });
  assert.equal(await range.innerText(), after.range ?? '', "the profile's range label is shown");
  await show.call('undo');
  assert.deepEqual(await intensity(), before, 'undo restores the DMX value');
  await page.waitForFunction(
    () => document.querySelector('[role=slider][data-path="/lx/stage/fixture/1/intensity"]')?.getAttribute('aria-valuenow') === String(0),
    undefined,
    {
      timeout: 10_000,
    },
  );
  assert.deepEqual(problems, []);
  assert.deepEqual(external, []);
});

test('stage tab: search the library, patch a Sharpy, aim it at a point, remove it; undo brings it back', { skip }, async (t) => {
  const show = await stageShow(t);
  const { page, problems, external } = await openConsole(await browserFor(t), baseOf(show.url));
  t.after(() => page.close());
  await page.getByRole('tab', { name: 'Stage' }).click();
  const steps = async () => ((await history(show)) as { steps: unknown[] }).steps.length;
  const start = await steps();

  await page.getByRole('searchbox', { name: 'Search the fixture library' }).fill('sharpy');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.locator(`[data-profile="${SHARPY}"]`).click();
  const form = page.getByRole('form', { name: 'Patch Clay Paky Sharpy' });
  await form.waitFor({ timeout: 10_000 });
  assert.deepEqual(await form.locator('select').first().locator('option').allInnerTexts(), ['Standard (16 ch)', 'Vector (20 ch)']);
  await form.getByLabel('Label').fill('Sharpy L');
  await form.getByLabel('y', { exact: true }).fill('4');
  await form.getByLabel('Home').selectOption('hanging');
  await form.getByRole('button', { name: 'Patch' }).click();
  const row = page.locator('tr[data-fixture="/lx/stage/fixture/1"]');
  await row.waitFor({ timeout: 10_000 });
  assert.deepEqual(await row.locator('td').allInnerTexts(), ['1', '1', '1–16', '16', 'Standard', 'Clay Paky Sharpy']);
  assert.equal(await steps(), start + 1, 'the patch is one undo step');
  const [fixture] = (await show.call('list_stage_fixtures')).fixtures;
  assert.deepEqual([fixture.label, fixture.placement.position, fixture.placement.home], ['Sharpy L', { x: 0, y: 4, z: 0 }, { x: 0, y: -1, z: 0 }]);

  // A second one at the taken address is refused inline, with the tool's words (its free address), and nothing changes.
  await form.getByLabel('Address (blank: auto)').fill('5');
  await form.getByRole('button', { name: 'Patch' }).click();
  const refusal = form.locator('.hint.error');
  await refusal.waitFor({ timeout: 10_000 });
  assert.match(await refusal.innerText(), /^Patch: invalid_argument: .*the first free address in universe 1 is 17/);
  assert.equal(await steps(), start + 1, 'the refusal records nothing');

  // The new fixture is selected: aim it at a point.
  const aim = page.getByRole('form', { name: 'Aim' });
  await aim.getByLabel('x').fill('2');
  await aim.getByLabel('z').fill('3');
  await aim.getByRole('button', { name: 'Aim' }).click();
  await page.locator('.stage-message').waitFor({ timeout: 10_000 });
  assert.match(await page.locator('.stage-message').innerText(), /^Sharpy L aimed at 2, 0, 3/);
  assert.equal(await steps(), start + 2, 'the aim is one undo step');
  await show.app.engine.queue.submit(() => show.app.engine.clock.stepFixed(2, 10));
  const dmx = await show.call('get_stage_fixture_dmx', { path: '/lx/stage/fixture/1' });
  const driven = (key: string) => dmx.attributes.find((a: { key: string }) => a.key === key)?.drivenBy;
  assert.deepEqual([driven('pan'), driven('tilt')], ['its aim (point)', 'its aim (point)']);
  assert.deepEqual(dmx.aim.target, { x: 2, y: 0, z: 3 });

  await page.getByRole('button', { name: 'Remove Sharpy L' }).click();
  await row.waitFor({ state: 'detached', timeout: 10_000 });
  assert.deepEqual((await show.call('list_stage_fixtures')).fixtures, []);
  await show.call('undo');
  await row.waitFor({ timeout: 10_000 });
  const back = (await show.call('list_stage_fixtures')).fixtures;
  assert.deepEqual([back[0].label, back[0].aim.mode], ['Sharpy L', 'point'], 'undo brings it back, aimed');
  assert.deepEqual(problems, ['console: Failed to load resource: the server responded with a status of 400 (Bad Request)'], 'only the refused patch');
  assert.deepEqual(external, []);
});

declare const document: any;
