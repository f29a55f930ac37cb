import type { ToolCallProgress } from './audit.js';

/**
 * A live aggregate on one line, as hosts show it: the running tools, then the counts, a zero
 * count other than done left out: `Read, Grep · 3 done · 1 failed · 1 cancelled · 6 queued ·
 * 1 waiting for approval`.
 */
export function describeToolCallProgress(progress: ToolCallProgress): string {
  return [
    progress.active.join(', '),
    `${progress.completed} done`,
    progress.failed > 0 ? `${progress.failed} failed` : '',
    progress.denied > 0 ? `${progress.denied} denied` : '',
    progress.cancelled > 0 ? `${progress.cancelled} cancelled` : '',
    progress.queued > 0 ? `${progress.queued} queued` : '',
    progress.waiting > 0 ? `${progress.waiting} waiting for approval` : '',
  ]
    .filter((part) => part !== '')
    .join(' · ');
}
