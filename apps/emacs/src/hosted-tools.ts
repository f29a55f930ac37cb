import { defineTool, type JsonObject, type Tool, wrapTool, z } from '@toolcall/pipeline';
import type { CustomToolDefinition } from './protocol.js';

/** Forwards one hosted tool call to Emacs and settles with its text and status. */
export type CallHosted = (request: {
  name: string;
  args: Record<string, unknown>;
  toolUseId: string;
  signal: AbortSignal;
}) => Promise<{ result: string; status: 'success' | 'error' }>;

/** The names of the tools Emacs can host, in listing order. */
export const HOSTED_TOOL_NAMES = [
  'EmacsEval',
  'EmacsDescribe',
  'EmacsFind',
  'EmacsBuffers',
] as const;

/** Builds the Emacs-hosted tools named in `names`, each forwarding through `callHosted`. */
export function createHostedTools(names: readonly string[], callHosted: CallHosted): Tool[] {
  const forward =
    (name: string) =>
    async (args: Record<string, unknown>, context: { toolUseId: string; signal: AbortSignal }) => {
      const reply = await callHosted({
        name,
        args,
        toolUseId: context.toolUseId,
        signal: context.signal,
      });
      return { result: reply.result, status: reply.status };
    };
  const all: Record<string, Tool> = {
    EmacsEval: defineTool({
      name: 'EmacsEval',
      description: 'Evaluates one Emacs Lisp form in the live Emacs and returns its printed value.',
      category: 'emacs',
      groups: ['emacs'],
      destructive: true,
      args: z.object({ form: z.string().min(1).describe('One Emacs Lisp form, as text.') }),
      handler: forward('EmacsEval'),
    }) as unknown as Tool,
    // A variable's value can be a secret (an API token): outside full-auto every describe asks
    // unless a rule names the symbol exactly (the name fact), `destructive` being the policy's
    // default ask and the bridge's hook the guard against generic allow rules.
    EmacsDescribe: defineTool({
      name: 'EmacsDescribe',
      description:
        "Returns a function's or variable's documentation and the file defining it, and a variable's current value (which asks the user first).",
      category: 'emacs',
      groups: ['emacs'],
      readOnly: true,
      destructive: true,
      permission: { name: (args: { symbol: string }) => args.symbol },
      args: z.object({ symbol: z.string().min(1).describe('The symbol to describe.') }),
      handler: forward('EmacsDescribe'),
    }) as unknown as Tool,
    EmacsFind: defineTool({
      name: 'EmacsFind',
      description: 'Lists Emacs symbol names matching a regular expression.',
      category: 'emacs',
      groups: ['emacs'],
      readOnly: true,
      args: z.object({
        pattern: z.string().min(1).describe('An Emacs regular expression.'),
        kind: z.enum(['any', 'function', 'variable']).default('any'),
      }),
      handler: forward('EmacsFind'),
    }) as unknown as Tool,
    // The listing is free; a buffer's text asks outside full-auto (the bridge's hook) unless a
    // rule names the buffer exactly: nothing in a name says whether the text is a workspace
    // file, another directory's file, a process or a password prompt.
    EmacsBuffers: defineTool({
      name: 'EmacsBuffers',
      description:
        "Lists live buffers, or returns one buffer with line numbers (which asks the user first; use Read for the workspace's files).",
      category: 'emacs',
      groups: ['emacs'],
      readOnly: true,
      permission: { name: (args: { buffer?: string | undefined }) => args.buffer },
      args: z.object({ buffer: z.string().optional().describe('The buffer to read.') }),
      handler: forward('EmacsBuffers'),
    }) as unknown as Tool,
  };
  return names.flatMap((name) => (all[name] === undefined ? [] : [all[name]]));
}

/** Wraps the tools Emacs defined itself as `emacs/NAME`, each forwarding through `callHosted`. */
export function createCustomTools(
  definitions: readonly CustomToolDefinition[],
  callHosted: CallHosted,
): Tool[] {
  return definitions.map((definition) =>
    wrapTool({
      category: 'emacs',
      name: definition.name,
      description: definition.description,
      readOnly: definition.readOnly ?? false,
      groups: ['emacs'],
      source: () => ({
        inputSchema: definition.inputSchema as JsonObject,
        call: async (args, context) =>
          callHosted({
            name: `emacs/${definition.name}`,
            args,
            toolUseId: context.toolUseId,
            signal: context.signal,
          }),
      }),
    }),
  );
}
