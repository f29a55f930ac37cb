import type { RenderData, Rendering } from '@toolcall/render';

/** The execution facts a renderer reads from render data. */
export interface Facts {
  executionId?: string;
  command?: string;
  state?: string;
  termination?: string;
  exitCode?: number;
  outcome?: string;
  wallTimeMs?: number;
  outputBytes?: number;
  outputLines?: number;
}

const COMMAND_COLUMNS = 60;

/** The first command line cut to 60 columns, the row's label for a command. */
export function commandLabel(command: string): string {
  const first = command.split('\n', 1)[0] ?? '';
  const more = first.length < command.trimEnd().length;
  const chars = [...first];
  if (chars.length > COMMAND_COLUMNS) return `${chars.slice(0, COMMAND_COLUMNS - 1).join('')}…`;
  return more ? `${first} …` : first;
}

/** Elapsed time for a header: `0.4s`, `12.0s`, `3m 05s`. */
export function formatElapsed(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/** The execution facts inside render data, if any. */
export function factsOf(data: RenderData | null): Facts | undefined {
  const facts = data?.facts;
  return typeof facts === 'object' && facts !== null && !Array.isArray(facts)
    ? (facts as Facts)
    : undefined;
}

/** A string argument of a call, if present. */
export function argOf(args: unknown, key: string): string | undefined {
  const value =
    typeof args === 'object' && args !== null ? (args as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The state word and visual status of an execution's facts. */
export function describeState(facts: Facts): { word: string; status: Rendering['status'] } {
  if (facts.state !== 'completed') return { word: facts.state ?? 'running', status: 'running' };
  switch (facts.termination) {
    case 'exited':
      return facts.outcome === 'failure'
        ? { word: `failed, exit ${facts.exitCode ?? '?'}`, status: 'error' }
        : {
            word: facts.exitCode === 0 ? 'done' : `exit ${facts.exitCode ?? '?'}`,
            status: 'success',
          };
    case 'stopped':
    case 'owner-stopped':
    case 'aborted':
      return { word: 'interrupted', status: 'cancelled' };
    default:
      return { word: facts.termination ?? 'failed', status: 'error' };
  }
}
