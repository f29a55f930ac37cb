import { writeFile } from 'node:fs/promises';
import type { ToolOutcome } from '@toolcall/pipeline';
import {
  buildRenderTree,
  type RendererRegistry,
  renderAnsi,
  renderHtml,
  type ToolCallRecord,
} from '@toolcall/render';
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

/** The render record of a settled call. */
export function recordOf(outcome: ToolOutcome): ToolCallRecord {
  return {
    id: outcome.toolUseId,
    tool: outcome.toolName,
    args: outcome.input,
    result: outcome.result,
    status: outcome.status,
    ...(outcome.renderData === undefined ? {} : { renderData: outcome.renderData }),
  };
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

/** Prints a settled call (rendered, or JSON) and writes the HTML report if asked. */
export async function present(
  outcome: ToolOutcome,
  registry: RendererRegistry,
  io: CliIo,
  options: { json?: boolean | undefined; report?: string | undefined },
): Promise<void> {
  const record = recordOf(outcome);
  if (options.json) {
    io.stdout.write(`${JSON.stringify(jsonOf(outcome), null, 2)}\n`);
  } else {
    const tree = buildRenderTree([record], { registry });
    io.stdout.write(
      renderAnsi(tree, { isTTY: io.stdout.isTTY === true, env: io.env ?? process.env }),
    );
  }
  if (options.report !== undefined) {
    const tree = buildRenderTree([record], { registry, content: 'all', expand: 'all' });
    await writeFile(options.report, renderHtml(tree, { title: `toolcall: ${outcome.toolName}` }));
  }
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
