import type { Component } from '../engine/component.js';
import type { Parameter } from '../engine/parameters/parameter.js';

/** Words an agent says for what a parameter key or label says. */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  quiet: ['fader', 'level'],
  quieter: ['fader', 'level'],
  louder: ['fader', 'level'],
  volume: ['fader', 'level'],
  dim: ['fader', 'brightness', 'level'],
  dimmer: ['fader', 'brightness', 'level'],
  brighter: ['fader', 'brightness', 'level'],
  darker: ['fader', 'brightness', 'level'],
  intensity: ['fader', 'brightness', 'level'],
  faster: ['speed', 'rate', 'period'],
  slower: ['speed', 'rate', 'period'],
  tempo: ['bpm'],
  colour: ['color', 'hue'],
  on: ['enabled'],
  off: ['enabled'],
  mute: ['enabled'],
};

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

const STOP = new Set([
  'the',
  'a',
  'an',
  'make',
  'set',
  'turn',
  'of',
  'on',
  'to',
  'it',
  'bit',
  'little',
  'more',
  'less',
  'please',
  'and',
  'my',
  'change',
  'up',
  'down',
]);

/** Words of a key or label: camelCase and separators split, lower case ("motionSpeed" → motion, speed). */
function words(text: string): string[] {
  return (
    text
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .match(/[a-z]+|\d+/g) ?? []
  );
}

interface ParameterHit {
  readonly parameter: Parameter;
  readonly score: number;
}

/**
 * Finds parameters inside `under` by key, label or path: an exact label or key first, then a
 * prefix, then a part; a query in several words ("second channel quieter") also scores the
 * words against the parameter (with everyday synonyms: quieter → fader) and against the
 * components that hold it (second → 2). Internal parameters are left out.
 */
export function searchParameters(under: Component, query: string): ParameterHit[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const qWords = words(q).filter((w) => !STOP.has(w));
  const hits: { hit: ParameterHit; order: number }[] = [];
  let order = 0;
  for (const c of under.descendants()) {
    let context: Set<string> | undefined;
    for (const p of c.parameters.values()) {
      if (p.internal) continue;
      const label = p.label.toLowerCase();
      const key = p.key.toLowerCase();
      let score = 0;
      if (label === q || key === q) score = 100;
      else if (label.startsWith(q) || key.startsWith(q)) score = 60;
      else if (label.includes(q) || key.includes(q)) score = 40;
      else if (p.path.toLowerCase().includes(q)) score = 20;
      if (score === 0 && qWords.length > 1) {
        const own = new Set([...words(p.key), ...words(p.label)]);
        let ownHits = 0;
        for (const w of qWords) if (own.has(w) || (SYNONYMS[w] ?? []).some((s) => own.has(s))) ownHits++;
        if (ownHits > 0) {
          context ??= contextWords(c);
          let ctxHits = 0;
          for (const w of qWords) if (!own.has(w) && context.has(w)) ctxHits++;
          score = ownHits * 10 + ctxHits * 4;
        }
      }
      if (score > 0) hits.push({ hit: { parameter: p, score }, order: order++ });
    }
  }
  hits.sort((a, b) => b.hit.score - a.hit.score || a.order - b.order);
  return hits.map((h) => h.hit);
}

/** Words naming a component and its owners: labels, path segments, and ordinals for 1-based numbers. */
function contextWords(c: Component): Set<string> {
  const out = new Set<string>();
  for (let at: Component | null = c; at !== null; at = at.parent) for (const w of words(at.label.getString())) out.add(w);
  const segments = c.path.split('/').filter((s) => s !== '');
  for (let i = 0; i < segments.length; i++) {
    const n = Number(segments[i]);
    for (const w of words(segments[i])) out.add(w);
    if (Number.isInteger(n) && n >= 1 && n <= ORDINALS.length) out.add(ORDINALS[n - 1]);
  }
  return out;
}
