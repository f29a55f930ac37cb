import { type CompletionRecord, escapeAttribute } from '@toolcall/exec';

/**
 * Formats a completion record of `manager.completions` as one model-visible `EXECUTION` text:
 * the terminal facts in the opening tag, and how to read the unread output in the body.
 */
export function formatCompletionRecord(record: CompletionRecord): string {
  const { facts } = record;
  const attributes: Array<[string, string | number | undefined]> = [
    ['execution_id', record.executionId],
    ['command', facts.command],
    ['state', facts.state],
    ['termination', facts.termination],
    ['exit_code', facts.exitCode],
    ['outcome', facts.outcome],
    ['wall_time_seconds', (facts.wallTimeMs / 1000).toFixed(3)],
    ['output_bytes', facts.outputBytes],
  ];
  const tag = attributes
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join('');
  const body = `The yielded command ended. Read its unread output with WriteStdin(execution_id="${record.executionId}") within 60 seconds.`;
  return `<EXECUTION${tag}>${body}</EXECUTION>`;
}
