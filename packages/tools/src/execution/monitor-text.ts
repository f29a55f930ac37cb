import { escapeAttribute, type MonitorRecord } from '@toolcall/exec';

function escapeBody(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function attributes(pairs: Array<[string, string | number | undefined]>): string {
  return pairs
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join('');
}

/**
 * Formats one Monitor mailbox record as model-visible texts: an event batch gives one `MONITOR`
 * record per line (omitted lines noted on the last), a terminal record one `MONITOR_TERMINAL`.
 * Line text is escaped, so watched output can never close or forge a record.
 */
export function formatMonitorRecord(record: MonitorRecord): string[] {
  const identity: Array<[string, string]> = [
    ['execution_id', record.executionId],
    ['description', record.description],
  ];
  if (record.kind === 'terminal') {
    const tag = attributes([
      ...identity,
      ['event_count', record.eventCount],
      ['termination', record.termination],
      ['outcome', record.outcome],
      ['exit_code', record.exitCode],
    ]);
    return [`<MONITOR_TERMINAL${tag}>${escapeBody(record.notice)}</MONITOR_TERMINAL>`];
  }
  return record.lines.map((line, index) => {
    const last = index === record.lines.length - 1;
    const omitted = last && record.omitted > 0 ? record.omitted : undefined;
    const tag = attributes([
      ...identity,
      ['truncated_chars', line.truncatedChars || undefined],
      ['omitted', omitted],
    ]);
    const truncation =
      line.truncatedChars > 0 ? ` [... ${line.truncatedChars} more characters]` : '';
    const note =
      omitted === undefined
        ? ''
        : `\n[${omitted} more line${omitted === 1 ? '' : 's'} omitted from this batch; poll the execution with WriteStdin to read the whole output.]`;
    return `<MONITOR${tag}>${escapeBody(line.text)}${truncation}${note}</MONITOR>`;
  });
}
