import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createContext, runInContext } from 'node:vm';
import { build } from 'esbuild';
import { buildPlan } from '../../../src/sound/audio/plan.js';
import { demoProject } from '../../../src/sound/demo.js';

const ENGINE = new URL('../../../src/sound/audio/dsp/engine.ts', import.meta.url).pathname;

test('the DSP bundles for the browser and runs in a bare JavaScript realm (no Node, no DOM): what an AudioWorklet offers', async () => {
  const out = await build({
    entryPoints: [ENGINE],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'FootlightAudio',
    write: false,
    logLevel: 'silent',
  });
  const code = out.outputFiles[0].text;
  // A realm with only the language's own globals: no process, require, Buffer, timers or fetch.
  const realm = createContext({});
  runInContext(code, realm);
  runInContext(`var plan = ${JSON.stringify(buildPlan(demoProject()))};`, realm);
  const peak = runInContext(
    `(() => {
      const e = new FootlightAudio.AudioEngine(plan, 48000);
      e.play();
      const l = new Float32Array(128), r = new Float32Array(128);
      let peak = 0;
      for (let b = 0; b < 375 * 2; b++) { e.render(l, r); for (let i = 0; i < 128; i++) peak = Math.max(peak, Math.abs(l[i]), Math.abs(r[i])); }
      return peak;
    })()`,
    realm,
  ) as number;
  assert.ok(peak > 0.05 && peak < 1, `peak ${peak}`);
  assert.equal(runInContext('typeof process + typeof require', realm), 'undefinedundefined');
});
