import { constants } from 'node:fs';
import { access, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { RecoveredToolCall, ToolOutcome } from '@toolcall/pipeline';
import {
  buildRenderTree,
  type RendererRegistry,
  renderAnsi,
  type ToolCallRecord,
} from '@toolcall/render';
import { openingRoot, renderOutcome } from '@toolcall/tools';
import type { CliIo } from './io.js';

interface EnvelopeFacts {
  failure?: { kind?: string } | null;
  summary?: { denied?: number };
}

const FAILURE_EXIT: Record<string, number> = {
  read: 2,
  preflight: 2,
  'tool-denied': 3,
  cancelled: 130,
};

/** The exit code of one settled call: 0 success, 1 error, 2 bad script, 3 denied, 130 interrupted. */
export function exitCodeOf(outcome: ToolOutcome): number {
  if (outcome.status === 'success') return 0;
  const code = outcome.error?.code;
  if (code === 'cancelled') return 130;
  if (code === 'denied') return 3;
  if (code === 'invalid-arguments' || code === 'unknown-tool') return 2;
  const facts = (outcome.renderData ?? {}) as EnvelopeFacts;
  const kind = facts.failure?.kind;
  if (kind !== undefined && kind in FAILURE_EXIT) return FAILURE_EXIT[kind]!;
  if ((facts.summary?.denied ?? 0) > 0) return 3;
  return 1;
}

/** The structured outcome `--json` prints. */
export function jsonOf(outcome: ToolOutcome) {
  return {
    success: outcome.status === 'success',
    tool: outcome.toolName,
    result: outcome.result,
    error: outcome.error ? { code: outcome.error.code, message: outcome.error.message } : null,
    media: outcome.media,
    renderData: outcome.renderData ?? null,
  };
}

/** Why an HTML report cannot be written at `path` (checked before anything runs), or `undefined`. */
export async function reportProblem(path: string, cwd: string): Promise<string | undefined> {
  if (path.trim() === '') return '--report needs a file name';
  const file = resolve(cwd, path);
  const info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) return `--report ${path}: is a directory`;
  const folder = await stat(dirname(file)).catch(() => undefined);
  if (folder === undefined) return `--report ${path}: no directory ${dirname(file)}`;
  if (!folder.isDirectory()) return `--report ${path}: ${dirname(file)} is not a directory`;
  const writable = await access(info === undefined ? dirname(file) : file, constants.W_OK).then(
    () => true,
    () => false,
  );
  return writable ? undefined : `--report ${path}: not writable`;
}

/** Writes the whole report or nothing: a temporary file beside it is renamed into place. */
async function writeReport(file: string, html: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, html);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Prints a settled call (rendered, or JSON) and writes the HTML report if asked; a report that
 * cannot be written is one line on stderr, and the result is `false`.
 */
export async function present(
  outcome: ToolOutcome,
  registry: RendererRegistry,
  io: CliIo,
  options: { json?: boolean | undefined; report?: string | undefined },
): Promise<boolean> {
  if (options.json) {
    io.stdout.write(`${JSON.stringify(jsonOf(outcome), null, 2)}\n`);
  } else {
    io.stdout.write(
      renderOutcome(outcome, registry, {
        format: 'ansi',
        isTTY: io.stdout.isTTY === true,
        env: io.env ?? process.env,
      }),
    );
  }
  if (options.report !== undefined) {
    const html = renderOutcome(outcome, registry, { format: 'html' });
    try {
      await writeReport(resolve(io.cwd ?? process.cwd(), options.report), html);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      io.stderr.write(`toolcall: cannot write the report ${options.report}: ${reason}\n`);
      return false;
    }
  }
  return true;
}

/** One stderr line naming why a call failed, or `undefined` for a success. */
export function failureLine(outcome: ToolOutcome): string | undefined {
  if (outcome.status === 'success') return undefined;
  const facts = (outcome.renderData ?? {}) as EnvelopeFacts & {
    failure?: { kind?: string; budget?: string | null; message?: string } | null;
  };
  const failure = facts.failure;
  if (failure?.kind !== undefined) {
    const budget = failure.budget ? ` (${failure.budget})` : '';
    return `${failure.kind} error${budget}: ${failure.message ?? ''}`;
  }
  const text = typeof outcome.result === 'string' ? outcome.result : (outcome.error?.message ?? '');
  return text.split('\n')[0]!.replace(/^Error: /, '');
}

/**
 * Shows on stderr the ToolCall scripts a killed process left unfinished in a resumed session:
 * one interrupted row each, with the nested calls it made (those that completed were not
 * rolled back).
 */
export function showRecovered(
  sessionId: string,
  recovered: readonly RecoveredToolCall[],
  registry: RendererRegistry,
  io: CliIo,
): void {
  if (recovered.length === 0) return;
  const scripts =
    recovered.length === 1 ? 'a ToolCall script' : `${recovered.length} ToolCall scripts`;
  io.stderr.write(
    `toolcall: session ${sessionId}: ${scripts} ended before finishing and will not resume; what ran:\n`,
  );
  for (const record of recovered) {
    // The pipeline settles it as an error for the model; the row says what happened to it.
    const call: ToolCallRecord = {
      id: record.toolUseId,
      tool: record.toolName,
      result: record.result,
      status: 'interrupted',
      renderData: record.renderData as unknown as ToolCallRecord['renderData'],
    };
    // The script it was, on one line: which of the session's scripts this is.
    const script = record.args === undefined ? undefined : oneLine(record.args.expression);
    const tree = buildRenderTree([call], { registry: openingRoot(registry, call.id, script) });
    io.stderr.write(
      renderAnsi(tree, { isTTY: io.stderr.isTTY === true, env: io.env ?? process.env }),
    );
  }
}

/** `text` on one line of at most 60 characters. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}
