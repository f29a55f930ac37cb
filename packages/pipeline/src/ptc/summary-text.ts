import type { ChildRecord } from './audit.js';

const SUMMARY_ROWS = 20;
const SUMMARY_CHARACTERS = 2000;

/** A bounded list of the work already done, for an aborted or failed script. */
export function workSummary(children: readonly ChildRecord[]): string {
  if (children.length === 0) return 'No nested calls ran.';
  const settled = children.filter((child) => child.status === 'success').length;
  const lines = [
    `Work already done (not rolled back): ${settled} of ${children.length} nested call${children.length === 1 ? '' : 's'} succeeded.`,
  ];
  let used = lines[0]?.length ?? 0;
  let shown = 0;
  for (const child of children) {
    const line = `- ${child.id} ${child.tool}: ${child.status}`;
    if (shown >= SUMMARY_ROWS || used + line.length + 1 > SUMMARY_CHARACTERS) break;
    lines.push(line);
    used += line.length + 1;
    shown++;
  }
  if (shown < children.length) lines.push(`- … and ${children.length - shown} more`);
  return lines.join('\n');
}
