import type { RenderStatus } from '../rendering.js';

/** The status marker drawn before a header; success has none. */
export const statusMarkers: Readonly<Record<RenderStatus, string>> = {
  success: '',
  error: '×',
  warning: '!',
  running: '…',
  cancelled: '⊘',
  denied: '⊗',
  interrupted: '↯',
};

/** The disclosure glyph for a row. */
export function disclosureGlyph(expandable: boolean, expanded: boolean): string {
  if (!expandable) return '·';
  return expanded ? '▾' : '▸';
}

/** The suffix that tells how many calls a coalesced row stands for. */
export function countSuffix(count: number): string {
  return count > 1 ? ` (${count} calls)` : '';
}
