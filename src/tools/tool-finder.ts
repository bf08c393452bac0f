import type { AnyTool } from './define-tool.js';
import { toolsetOf } from './toolsets.js';
import { TASK_PHRASES, TASK_WORDS } from './tool-finder-words.js';

const STOP = new Set(
  'a an the to of and or in on for with my i how do does is it me some this that these those into from by want can all every one my our us we ' +
    'what which when who please just now its their there here be are was so at as out up off'
      .split(' ')
      .filter((w) => w !== 'out' && w !== 'up' && w !== 'off'),
);

function stem(w: string): string {
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && w.endsWith('es') && /(ch|sh|x|s)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  if (w.length > 4 && w.endsWith('ed') && !w.endsWith('eed')) return w.slice(0, -2);
  return w;
}

/** Lower-case word stems: plurals, -ing and -ed folded so "patches"/"patching" meet "patch". */
function stems(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w)).map(stem);
}

/** Whether `phrase`'s words appear in `text` in order, with at most three words between them. */
function phraseIn(text: string, phrase: string): boolean {
  const [first, ...rest] = phrase.split(' ');
  return new RegExp(`\\b${first}\\b${rest.map((w) => `(?:\\s+\\w+){0,3}?\\s+${w}\\b`).join('')}`).test(text);
}

/**
 * A task's words with what an operator or a musician means by them: "take back" is undo, a
 * "plugin" a device, a "look" a snapshot. Each entry: the stem and how much it counts (the
 * task's own words 1, a synonym less, so the doc's own word wins a tie).
 */
function taskTerms(task: string): Map<string, number> {
  const lower = ` ${task.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  const terms = new Map<string, number>();
  const add = (w: string, weight: number): void => {
    const s = stem(w);
    if (!STOP.has(w) && (terms.get(s) ?? 0) < weight) terms.set(s, weight);
  };
  for (const [phrase, means] of TASK_PHRASES) if (phraseIn(lower, phrase)) for (const m of means) add(m, 1.5);
  for (const w of stems(task)) {
    add(w, 1);
    for (const m of TASK_WORDS.get(w) ?? []) add(m, 0.7);
  }
  return terms;
}

interface FoundTool {
  readonly tool: AnyTool;
  readonly score: number;
}

interface ToolText {
  readonly tool: AnyTool;
  readonly name: Set<string>;
  readonly title: Set<string>;
  readonly family: Set<string>;
  readonly body: Set<string>;
}

/** Where a word appears decides how much it says about a tool. */
const FIELD_WEIGHT = { name: 6, title: 3, family: 2, body: 1 } as const;

const texts = new WeakMap<readonly AnyTool[], { docs: ToolText[]; idf: Map<string, number> }>();

/** Each tool's words by field, and how rare each word is among the tools (rarer words decide more). */
function indexOf(tools: readonly AnyTool[]): { docs: ToolText[]; idf: Map<string, number> } {
  let index = texts.get(tools);
  if (index === undefined) {
    const docs = tools.map((tool) => ({
      tool,
      name: new Set(stems(tool.name.replace(/_/g, ' '))),
      title: new Set(stems(tool.title)),
      family: new Set(stems(`${tool.toolset} ${toolsetOf(tool.toolset)?.description ?? ''}`)),
      body: new Set(stems(tool.description)),
    }));
    const df = new Map<string, number>();
    for (const d of docs) for (const w of new Set([...d.name, ...d.title, ...d.family, ...d.body])) df.set(w, (df.get(w) ?? 0) + 1);
    const idf = new Map([...df].map(([w, n]) => [w, Math.log(1 + docs.length / n)]));
    index = { docs, idf };
    texts.set(tools, index);
  }
  return index;
}

/**
 * Ranks tools for a task in plain words ("wire an LFO", "song import", "take back my last light
 * change"): each of the task's words (and what it means in a show, see tool-finder-words.ts)
 * counts by where it appears — the tool's name most, then its title, its toolset, its description —
 * times how rare it is among the tools. Tools that match no word are left out.
 */
export function findTools(tools: readonly AnyTool[], task: string, limit: number): FoundTool[] {
  const terms = taskTerms(task);
  if (terms.size === 0) return [];
  const { docs, idf } = indexOf(tools);
  const scored: FoundTool[] = [];
  for (const d of docs) {
    let score = 0;
    for (const [w, weight] of terms) {
      const field = d.name.has(w) ? FIELD_WEIGHT.name : d.title.has(w) ? FIELD_WEIGHT.title : d.family.has(w) ? FIELD_WEIGHT.family : d.body.has(w) ? 1 : 0;
      score += field * weight * (idf.get(w) ?? 0);
    }
    if (score > 0) scored.push({ tool: d.tool, score });
  }
  return scored.sort((a, b) => b.score - a.score || a.tool.name.localeCompare(b.tool.name)).slice(0, limit);
}
