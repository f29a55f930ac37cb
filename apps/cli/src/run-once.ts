import type { ToolCallRequest } from '@toolcall/pipeline';
import type { CommonValues } from './common-options.js';
import type { CliIo } from './io.js';
import { exitCodeOf, failureLine, present, reportProblem } from './present.js';
import { setUp } from './setup.js';
import { startStatusLine } from './status-line.js';

/** What `run` and `call` share: their command name, parsed options and the one call to make. */
export interface RunOnceOptions {
  command: 'run' | 'call';
  values: CommonValues & { json?: boolean | undefined; report?: string | undefined };
  request: ToolCallRequest;
}

/**
 * Sets up the tool set, makes one call through the pipeline with a live status line and Ctrl-C
 * cancelling it, renders the outcome and resolves to the exit code.
 */
export async function runOnce({ command, values, request }: RunOnceOptions, io: CliIo) {
  // An unwritable report is a usage error before anything runs (setUp checks the workspace).
  if (values.report !== undefined) {
    const problem = await reportProblem(values.report, io.cwd ?? process.cwd());
    if (problem !== undefined) {
      io.stderr.write(`toolcall ${command}: ${problem}\n`);
      return 2;
    }
  }
  let status: ReturnType<typeof startStatusLine> | undefined;
  const setup = await setUp(values, io, { onPrompt: (open) => status?.pause(open) });
  if (!setup.success) {
    io.stderr.write(`toolcall ${command}: ${setup.error}\n`);
    return 2;
  }
  const { pipeline, renderers } = setup.value;
  status = startStatusLine(pipeline, io, setup.value.progress);
  const run = pipeline.runTool(request);
  const cancel = () => run.cancel();
  io.signal?.addEventListener('abort', cancel, { once: true });
  const outcome = await run.outcome;
  io.signal?.removeEventListener('abort', cancel);
  status.stop();
  await setup.value.close();
  const presented = await present(outcome, renderers, io, values);
  // Shown: the script's checkpoint has served its purpose.
  if (outcome.toolName === 'ToolCall') await setup.value.settle(outcome.toolUseId);
  const failure = failureLine(outcome);
  if (failure !== undefined) io.stderr.write(`toolcall ${command}: ${failure}\n`);
  // A report that could not be written is a failure even when the call itself succeeded.
  const code = exitCodeOf(outcome);
  return presented === false && code === 0 ? 1 : code;
}
