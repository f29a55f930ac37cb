import type { ExecManager } from '@toolcall/exec';
import { formatBashResult, formatExecFailure } from '@toolcall/exec';
import { defineTool, type JsonObject, type Tool, z } from '@toolcall/pipeline';

/**
 * A minimal Bash tool over an @toolcall/exec manager (confined by its sandbox mode); the full
 * Bash, WriteStdin and Monitor tools belong to @toolcall/tools and replace this one.
 */
export function createBashTool(exec: ExecManager): Tool {
  return defineTool({
    name: 'Bash',
    description:
      'Runs a shell command in the workspace (confined when a sandbox is available) and returns its combined output with an execution summary.',
    destructive: true,
    args: z.object({
      command: z.string().min(1).describe('The shell command to run.'),
      timeout: z
        .number()
        .int()
        .min(250)
        .max(30_000)
        .optional()
        .describe('How long to wait in milliseconds before returning (default 10,000).'),
    }),
    permission: { pattern: (args) => args.command },
    handler: async (args, context) => {
      const run = await exec.runBash({
        owner: '/root',
        command: args.command,
        yieldTimeMs: args.timeout ?? 10_000,
        signal: context.signal,
      });
      const envelope = run.success ? formatBashResult(run.value, {}) : formatExecFailure(run.error);
      // The exec envelope's render data is plain JSON; the pipeline checks it again.
      return {
        result: envelope.result,
        status: envelope.status,
        renderData: envelope.renderData as unknown as JsonObject,
      };
    },
  }) as unknown as Tool;
}
