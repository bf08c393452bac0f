import type { AnyTool } from './define-tool.js';
import { toolsetOf } from './toolsets.js';

const STOP = new Set([
  'a',
  'an',
  'the',
  'to',
  'of',
  'and',
  'or',
  'in',
  'on',
  'for',
  'with',
  'my',
  'i',
  'how',
  'do',
  'is',
  'it',
  'me',
  'some',
  'this',
  'that',
  'into',
  'from',
  'by',
  'want',
  'can',
]);

/** Lower-case word stems: plurals and -ing folded so "patches"/"patching" meet "patch". */
function stems(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w)).map(stem);
}

function stem(w: string): string {
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('es') && /(ch|sh|x|s)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

interface FoundTool {
  readonly tool: AnyTool;
  readonly score: number;
}

/**
 * Ranks tools for a task in plain words ("wire an LFO", "song import", "grid patch"): a word in
 * the tool's name counts most, then its title, its toolset's description, then its description.
 * Tools that match no word are left out.
 */
export function findTools(tools: readonly AnyTool[], task: string, limit: number): FoundTool[] {
  const words = [...new Set(stems(task))];
  if (words.length === 0) return [];
  const scored: FoundTool[] = [];
  for (const tool of tools) {
    const name = new Set(stems(tool.name.replace(/_/g, ' ')));
    const title = new Set(stems(tool.title));
    const family = new Set(stems(`${tool.toolset} ${toolsetOf(tool.toolset)?.description ?? ''}`));
    const body = new Set(stems(tool.description));
    let score = 0;
    let matched = 0;
    for (const w of words) {
      const s = (name.has(w) ? 6 : 0) + (title.has(w) ? 3 : 0) + (family.has(w) ? 2 : 0) + (body.has(w) ? 1 : 0);
      if (s > 0) matched++;
      score += s;
    }
    // Every word of the task matching beats a high score on one word.
    if (score > 0) scored.push({ tool, score: score + matched * 10 });
  }
  return scored.sort((a, b) => b.score - a.score || a.tool.name.localeCompare(b.tool.name)).slice(0, limit);
}
