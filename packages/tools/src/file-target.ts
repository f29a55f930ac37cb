import path from 'node:path';
import type { ExecManager } from '@toolcall/exec';
import type { ResourceAttempt, ResourceResolver } from '@toolcall/resources';

/** A prepared path or resource argument, as the tool set's preparer hands it to a handler. */
export type FileTarget =
  | { readonly kind: 'path'; readonly path: string; readonly shown: string }
  | { readonly kind: 'resource'; readonly attempt: ResourceAttempt; readonly shown: string };

/** What every file tool needs to know about where it runs. */
export interface FileToolOptions {
  /** The session's working directory; relative paths resolve against it. */
  readonly cwd: string;
  /** The resolver that prepared resource attempts; needed to execute them. */
  readonly resources?: ResourceResolver | undefined;
  /** Runs helpers (ripgrep, pdftotext, pdftoppm) confined through @toolcall/exec; else spawned directly. */
  readonly exec?: ExecManager | undefined;
}

const TARGET = Symbol.for('toolcall.tools.FileTarget');

/** Marks a prepared target so handlers can tell it from a raw argument string. */
export function markTarget(target: FileTarget): FileTarget {
  return Object.assign(Object.create(null), target, { [TARGET]: true }) as FileTarget;
}

function isTarget(value: unknown): value is FileTarget {
  return typeof value === 'object' && value !== null && TARGET in value;
}

/** Resolves a plain path argument against the working directory. */
export function absolutePath(cwd: string, value: string): string {
  const expanded =
    value === '~' || value.startsWith('~/')
      ? path.join(process.env.HOME ?? cwd, value.slice(1))
      : value;
  return path.resolve(cwd, expanded);
}

/**
 * The target of one argument: the preparer's answer when the tool set prepared it, else the
 * raw string resolved as a path (a pipeline without the tool set's preparer passes strings).
 */
export function targetOf(prepared: unknown, value: string, cwd: string): FileTarget {
  if (isTarget(prepared)) return prepared;
  return { kind: 'path', path: absolutePath(cwd, value), shown: value };
}
