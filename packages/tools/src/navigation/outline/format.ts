import type { OutlineEntry } from './types.js';

/** Renders entries as `P:LINE: [Cat > Sub] name`, the bracket only when nested. */
export function formatOutline(path: string, entries: readonly OutlineEntry[]): string {
  return entries
    .map((entry) => {
      const category = entry.path.length === 0 ? '' : `[${entry.path.join(' > ')}] `;
      return `${path}:${entry.line}: ${category}${entry.name}`;
    })
    .join('\n');
}
