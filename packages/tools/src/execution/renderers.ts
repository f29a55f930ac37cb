import type { RenderData, Renderer, Rendering, RenderStatus } from '@toolcall/render';
import {
  argOf,
  commandLabel,
  describeState,
  type Facts,
  factsOf,
  formatElapsed,
} from './row-parts.js';

function details(facts: Facts, data: RenderData): string {
  const parts = [
    facts.executionId ? `execution ${facts.executionId}` : undefined,
    `exit ${facts.exitCode ?? '-'}`,
    `${facts.outputBytes ?? 0} bytes, ${facts.outputLines ?? 0} lines`,
    typeof data.omittedBytes === 'number' && data.omittedBytes > 0
      ? `${data.omittedBytes} bytes omitted from the preview`
      : undefined,
    typeof data.outputPath === 'string' ? `full output at ${data.outputPath}` : undefined,
  ];
  return parts.filter((part) => part !== undefined).join(' · ');
}

/** The state word and status of a Bash row that has no execution facts. */
function settledWithoutFacts(
  status: RenderStatus | undefined,
  result: string,
): { word: string; status: RenderStatus } {
  // A nested call cancelled before it settled carries the audit's `cancelled` result.
  if (status === 'cancelled' || result === 'cancelled')
    return { word: 'cancelled', status: 'cancelled' };
  if (status === 'interrupted') return { word: 'interrupted', status: 'interrupted' };
  if (status === 'denied') return { word: 'denied', status: 'denied' };
  return { word: 'failed', status: 'error' };
}

/**
 * Draws a Bash row: the first command line (60 columns), the state and elapsed time; the output
 * starts collapsed and opens below the exact full command.
 */
export const bashRenderer: Renderer = (name, args, result, renderData, context) => {
  const command =
    argOf(args, 'command') ??
    (typeof renderData?.command === 'string' ? renderData.command : undefined);
  if (command === undefined || typeof result !== 'string') return null;
  const facts = factsOf(renderData);
  if (facts === undefined || renderData === null) {
    // No execution facts: the call was refused, denied, cancelled or interrupted before it
    // settled, or it ran and its result was refused as too large for a script. Only the
    // row's status says which, so a command that may have run is never called "not started".
    const word = settledWithoutFacts(context.callStatus, result);
    const failed = {
      header: `${name} ${commandLabel(command)} (${word.word})`,
      status: word.status,
      initiallyCollapsed: true,
    };
    return context.summaryOnly ? failed : { ...failed, body: `${command}\n\n${result}` };
  }
  const state = describeState(facts);
  const notes = [
    state.word,
    formatElapsed(facts.wallTimeMs ?? 0),
    typeof renderData.omittedBytes === 'number' && renderData.omittedBytes > 0
      ? 'output truncated'
      : undefined,
    typeof renderData.sandboxLine === 'string' ? 'sandbox notice' : undefined,
  ].filter((note) => note !== undefined);
  const rendering: Rendering = {
    header: `${name} ${commandLabel(command)} (${notes.join(', ')})`,
    ...(state.status === undefined ? {} : { status: state.status }),
    bodyMode: 'text',
    initiallyCollapsed: true,
  };
  if (context.summaryOnly) return rendering;
  const output = typeof renderData.output === 'string' ? renderData.output : '';
  const body = [
    command,
    output.replace(/\n$/, ''),
    typeof renderData.sandboxLine === 'string' ? renderData.sandboxLine : '',
    details(facts, renderData),
  ].filter((part) => part !== '');
  return { ...rendering, body: body.join('\n\n') };
};

/** Draws WriteStdin: successful polls draw nothing (the Bash row owns the output); input and Ctrl-C are compact lines. */
export const writeStdinRenderer: Renderer = (name, args, result, renderData, context) => {
  const id = argOf(args, 'execution_id');
  if (id === undefined || typeof result !== 'string') return null;
  const chars = argOf(args, 'chars') ?? '';
  const action = chars === '' ? 'poll' : chars === '\u0003' ? 'Ctrl-C' : 'input';
  const facts = factsOf(renderData);
  const header = `${name} ${action} ${id}${facts ? ` (${describeState(facts).word})` : ''}`;
  if (context.status === 'error') {
    const failed = { header, status: 'error' as const, initiallyCollapsed: true };
    return context.summaryOnly ? failed : { ...failed, body: result };
  }
  if (action === 'poll') return { header, hidden: true };
  if (action === 'Ctrl-C') return { header, expandable: false };
  return context.summaryOnly ? { header } : { header, body: chars, bodyMode: 'text' };
};

/** Draws StopExecution as one compact line; the Bash row keeps the output. */
export const stopExecutionRenderer: Renderer = (name, args, result, renderData, context) => {
  const id = argOf(args, 'execution_id');
  if (id === undefined || typeof result !== 'string') return null;
  if (context.status === 'error') {
    const failed = { header: `${name} ${id}`, status: 'error' as const };
    return context.summaryOnly ? failed : { ...failed, body: result };
  }
  const facts = factsOf(renderData);
  const suffix = facts
    ? ` (${describeState(facts).word}, ${formatElapsed(facts.wallTimeMs ?? 0)})`
    : '';
  return { header: `${name} ${id}${suffix}`, expandable: false, status: 'success' };
};

/** Draws ListExecutions: how many executions are live, the list collapsed. */
export const listExecutionsRenderer: Renderer = (name, _args, result, renderData, context) => {
  if (typeof result !== 'string') return null;
  const executions = Array.isArray(renderData?.executions) ? renderData.executions.length : 0;
  if (executions === 0) return { header: `${name} (none live)`, expandable: false };
  const rendering = { header: `${name} (${executions} live)`, initiallyCollapsed: true };
  return context.summaryOnly ? rendering : { ...rendering, body: result };
};

/** Draws a Monitor row as "Watching" with its description. */
export const monitorRenderer: Renderer = (name, args, result, _renderData, context) => {
  const description = argOf(args, 'description');
  const command = argOf(args, 'command');
  if (description === undefined || command === undefined || typeof result !== 'string') return null;
  const ended = context.callStatus;
  if (ended === 'interrupted' || ended === 'cancelled') {
    // The session ended, or the script stopped, before the watcher's call settled.
    const stopped = {
      header: `${name} ${JSON.stringify(description)} (${ended})`,
      status: ended,
    };
    return context.summaryOnly ? stopped : { ...stopped, body: `${command}\n\n${result}` };
  }
  if (context.status === 'error') {
    const failed = {
      header: `${name} ${JSON.stringify(description)} (not started)`,
      status: ended === 'denied' ? ('denied' as const) : ('error' as const),
    };
    return context.summaryOnly ? failed : { ...failed, body: `${command}\n\n${result}` };
  }
  const rendering: Rendering = {
    header: `${name}: Watching ${description}`,
    status: 'running',
    initiallyCollapsed: true,
  };
  return context.summaryOnly ? rendering : { ...rendering, body: command };
};

/** Registry entries for the five execution tools, for `createRendererRegistry` or `register`. */
export const executionRenderers: Readonly<
  Record<'Bash' | 'WriteStdin' | 'ListExecutions' | 'StopExecution' | 'Monitor', Renderer>
> = Object.freeze({
  Bash: bashRenderer,
  WriteStdin: writeStdinRenderer,
  ListExecutions: listExecutionsRenderer,
  StopExecution: stopExecutionRenderer,
  Monitor: monitorRenderer,
});
