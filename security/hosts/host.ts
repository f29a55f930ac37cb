import type { Expected } from '../cases/commands.js';

/** The rules and mode one host is started with, spelled as `--allow` / `--deny` / `--ask` take them. */
export interface HostPolicy {
  readonly mode: 'ask' | 'edits' | 'full-auto';
  readonly allow: readonly string[];
  readonly deny: readonly string[];
  readonly ask?: readonly string[];
}

/** What a host did with one call, as the suite judges it. */
export interface Decided {
  /** `asked` when the person was asked (the suite always answers "deny"). */
  readonly decision: 'ran' | 'asked' | 'denied';
  /** The text the host returned or printed for the call. */
  readonly text: string;
  /** What the question named, when one was asked. */
  readonly question?: string;
}

/** One host started over one workspace with one policy; calls are made through it. */
export interface Host {
  readonly name: string;
  call(tool: string, input: Record<string, unknown>): Promise<Decided>;
  close(): Promise<void>;
}

/** Opens a host over a workspace; `home` is the `$HOME` its tools expand `~` to. */
export type HostFactory = (options: {
  workspace: string;
  home: string;
  policy: HostPolicy;
}) => Promise<Host>;

/** Whether a decision meets what a row expects. */
export function meets(expected: Expected, decision: Decided['decision']): boolean {
  if (expected === 'refused') return decision === 'asked' || decision === 'denied';
  return expected === decision;
}

/** The denial a host reports when a question was answered "deny" by the suite. */
export const DECLINED = /the user declined|declined/i;
