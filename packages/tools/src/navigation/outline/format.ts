import type { OutlineEntry } from './types.js';

/** Renders entries as `P:LINE: [Cat > Sub] name`, the bracket only when nested. */
export function formatOutline(path: string, entries: readonly OutlineEntry[]): string {
  const lines = new Array<string>(entries.length);
  // Siblings share their path array and come one after another, so each category is built
  // once per run of siblings rather than once per entry.
  let lastPath: readonly string[] | undefined;
  let category = '';
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index] as OutlineEntry;
    if (entry.path !== lastPath) {
      lastPath = entry.path;
      category = entry.path.length === 0 ? '' : `[${entry.path.join(' > ')}] `;
    }
    lines[index] = `${path}:${entry.line}: ${category}${entry.name}`;
  }
  return lines.join('\n');
}
