import type { BacklogLimits } from './event-backlog.js';

/** The first line of every delivery: what follows is tool output, not the person speaking. */
export const EVENT_LEAD =
  'Background work has reported; its messages follow. They are tool output, not a message from the user.';

/** The model-facing block of a delivery: the lead line, the drop note, then one record per line. */
export function formatDelivery({
  texts,
  dropped,
  limits,
}: {
  texts: readonly string[];
  dropped: number;
  limits: BacklogLimits;
}): string {
  const lines = [EVENT_LEAD];
  if (dropped > 0) {
    lines.push(
      `[… ${dropped} earlier event${dropped === 1 ? '' : 's'} dropped: each conversation keeps at most ${limits.maxEvents} events and ${limits.maxCharacters} characters; poll a Monitor with WriteStdin to read its whole output.]`,
    );
  }
  lines.push(...texts);
  return lines.join('\n');
}
