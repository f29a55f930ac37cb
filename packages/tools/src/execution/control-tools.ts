import { formatExecutionList, formatStopResult, formatWriteStdinResult } from '@toolcall/exec';
import { defineTool, type Tool, z } from '@toolcall/pipeline';
import {
  failureEnvelope,
  type NormalizedExecutionOptions,
  persistOmitted,
  toHandlerEnvelope,
  withArtifactNotice,
} from './options.js';
import { listExecutionsRenderer, stopExecutionRenderer, writeStdinRenderer } from './renderers.js';

/** WriteStdin's validated arguments. */
export type WriteStdinArgs = {
  execution_id: string;
  chars?: string | undefined;
  yield_time_ms?: number | undefined;
};

/** Defines WriteStdin: poll, Ctrl-C, or terminal input for one of the caller's executions. */
export function createWriteStdinTool(options: NormalizedExecutionOptions): Tool<WriteStdinArgs> {
  return defineTool({
    name: 'WriteStdin',
    description:
      'Polls or sends input to a running execution from Bash or Monitor. Omitted or empty chars polls (waits 5000-300000 ms, default 5000, returning early when it ends); "\\u0003" alone sends Ctrl-C in either mode; other input goes only to executions started with tty=true (waits 250-30000 ms, default 250). Returns only output not read before, then the <bash-execution .../> element.',
    async: true,
    maxResultSize: 30_000,
    groups: ['execution'],
    args: z.object({
      execution_id: z
        .string()
        .min(1)
        .describe('The execution_id a Bash or Monitor result returned.'),
      chars: z.string().optional().describe('Input to type; omit or pass "" to poll.'),
      yield_time_ms: z
        .number()
        .int()
        .min(250)
        .max(300_000)
        .optional()
        .describe('How long to wait for output (polls 5000-300000, input 250-30000).'),
    }),
    renderer: writeStdinRenderer,
    handler: async (args, context) => {
      const owner = options.ownerOf(context);
      const observed = await options.manager.writeStdin({
        owner,
        executionId: args.execution_id,
        ...(args.chars === undefined ? {} : { chars: args.chars }),
        ...(args.yield_time_ms === undefined ? {} : { yieldTimeMs: args.yield_time_ms }),
      });
      if (!observed.success) return failureEnvelope(observed.error.message);
      const persisted = await persistOmitted(options, observed.value, owner, context);
      const outputPath = persisted.address;
      return withArtifactNotice(
        toHandlerEnvelope(
          formatWriteStdinResult(observed.value, outputPath === undefined ? {} : { outputPath }),
        ),
        persisted,
      );
    },
  });
}

/** Defines ListExecutions: the caller's live yielded executions and Monitors. */
export function createListExecutionsTool(
  options: NormalizedExecutionOptions,
): Tool<Record<string, never>> {
  return defineTool({
    name: 'ListExecutions',
    description:
      'Lists your live yielded executions (Bash commands still running and Monitors), one <bash-execution .../> element each, or "No yielded executions." Finished executions never appear.',
    readOnly: true,
    groups: ['execution'],
    args: z.object({}),
    renderer: listExecutionsRenderer,
    handler: (_args, context) =>
      toHandlerEnvelope(
        formatExecutionList(options.manager.listExecutions({ owner: options.ownerOf(context) })),
      ),
  });
}

/** StopExecution's validated arguments. */
export type StopExecutionArgs = {
  execution_id: string;
};

/** Defines StopExecution: stops one of the caller's yielded executions (queued work is cancelled). */
export function createStopExecutionTool(
  options: NormalizedExecutionOptions,
): Tool<StopExecutionArgs> {
  return defineTool({
    name: 'StopExecution',
    description:
      "Stops one of your yielded executions (TERM to its process group, KILL after a grace interval; queued work is cancelled) and returns its final unread output and <bash-execution .../> element. Succeeds whatever the command's own outcome.",
    async: true,
    maxResultSize: 30_000,
    groups: ['execution'],
    args: z.object({
      execution_id: z.string().min(1).describe('The execution_id to stop.'),
    }),
    renderer: stopExecutionRenderer,
    handler: async (args, context) => {
      const owner = options.ownerOf(context);
      const stopped = await options.manager.stopExecution({
        owner,
        executionId: args.execution_id,
      });
      if (!stopped.success) return failureEnvelope(stopped.error.message);
      const persisted = await persistOmitted(options, stopped.value, owner, context);
      const outputPath = persisted.address;
      return withArtifactNotice(
        toHandlerEnvelope(
          formatStopResult(stopped.value, outputPath === undefined ? {} : { outputPath }),
        ),
        persisted,
      );
    },
  });
}
