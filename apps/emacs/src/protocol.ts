import { budgetNames } from '@toolcall/interpreter';
import { z } from 'zod';

/** JSON-RPC 2.0 error codes the bridge answers with. */
export const RPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  requestCancelled: -32800,
} as const;

const id = z.union([z.string(), z.number().int()]);

/** Any JSON-RPC 2.0 message: a request, a notification or a response. */
export const messageSchema = z.union([
  z.object({
    jsonrpc: z.literal('2.0'),
    id,
    method: z.string().min(1),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({
    jsonrpc: z.literal('2.0'),
    method: z.string().min(1),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({ jsonrpc: z.literal('2.0'), id, result: z.unknown() }),
  z.object({
    jsonrpc: z.literal('2.0'),
    id: id.nullable(),
    error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }),
  }),
]);

/** A parsed JSON-RPC message. */
export type Message = z.infer<typeof messageSchema>;

/**
 * ToolCall's settings from Emacs: the driver's parallelism, the interpreter's budgets by
 * budget name (`wall-time`, `nested-calls`, …) and the Returned-row collapse threshold.
 */
const toolCallSettings = z
  .object({
    parallelism: z.number().int().min(1).optional(),
    limits: z.partialRecord(z.enum(budgetNames), z.number().positive()).optional(),
    returnedLineThreshold: z.number().int().min(0).optional(),
  })
  .strict();

/** ToolCall's settings as Emacs sends them at initialize. */
export type ToolCallSettings = z.infer<typeof toolCallSettings>;

/** Parameters of each method Emacs may call, validated before dispatch. */
export const paramSchemas = {
  initialize: z.object({
    clientInfo: z.object({ name: z.string(), version: z.string().optional() }).optional(),
    workspace: z.string().optional(),
    mode: z.enum(['ask', 'edits', 'full-auto']).optional(),
    /** Permission rules spelled as the CLI's `--allow`/`--deny`/`--ask` take them (`Bash(git log*)`). */
    rules: z
      .object({
        allow: z.array(z.string()).optional(),
        deny: z.array(z.string()).optional(),
        ask: z.array(z.string()).optional(),
      })
      .strict()
      .optional(),
    hostedTools: z.array(z.string()).optional(),
    customTools: z
      .array(
        z.object({
          name: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/),
          description: z.string().min(1),
          inputSchema: z.record(z.string(), z.unknown()),
          readOnly: z.boolean().optional(),
          /** False keeps the tool out of composed scripts: it runs only as a whole script. */
          composable: z.boolean().optional(),
        }),
      )
      .optional(),
    toolCall: toolCallSettings.optional(),
    /** Where the bridge keeps state across restarts: its ToolCall checkpoints. */
    stateDirectory: z.string().min(1).optional(),
    /** The workspace session to resume (`.toolcall/sessions/ID`); default a new one. */
    sessionId: z.string().min(1).optional(),
    /**
     * Emacs reviews patches itself (`patch/review`): an ApplyPatch that would ask is offered
     * per file and hunk instead of as one permission question.
     */
    patchReview: z.boolean().optional(),
  }),
  'tools/list': z.object({}),
  'tools/call': z.object({
    name: z.string().min(1),
    arguments: z.record(z.string(), z.unknown()).optional(),
  }),
  'toolcall/run': z.object({ expression: z.string().min(1) }),
  'executions/list': z.object({}),
  'executions/stop': z.object({ id: z.string().min(1) }),
  'processes/list': z.object({}),
  'processes/stop': z.object({ id: z.string().min(1) }),
  'processes/output': z.object({
    id: z.string().min(1),
    /** At most this many of the last bytes (default 64 KiB). */
    tailBytes: z.number().int().min(1).optional(),
  }),
  /** Input for a terminal process, or `\u0003` (Ctrl-C) for any. */
  'processes/send': z.object({ id: z.string().min(1), chars: z.string().min(1) }),
  shutdown: z.object({}),
} as const;

/** A tool Emacs defined with `toolcall-define-tool`: registered as `emacs/NAME`. */
export type CustomToolDefinition = NonNullable<
  z.infer<(typeof paramSchemas)['initialize']>['customTools']
>[number];

/** A method name Emacs may call on the bridge. */
export type MethodName = keyof typeof paramSchemas;

/** Emacs's answer to `permission/ask`. */
export const permissionAnswerSchema = z.object({
  answer: z.enum(['allow-once', 'allow-always', 'allow-session', 'deny']),
});

/** Emacs's answer to `emacs/callTool`: the hosted tool's text and status. */
export const hostedResultSchema = z.object({
  result: z.string(),
  status: z.enum(['success', 'error']).optional(),
});

/** Emacs's answer to `ask/questions`: an Ask tool response. */
export const askResponseSchema = z.union([
  z.object({
    status: z.literal('submitted'),
    answers: z.array(
      z
        .object({ selected: z.array(z.string()), custom: z.string().optional() })
        .nullable()
        .transform((answer) => answer ?? undefined),
    ),
  }),
  z.object({ status: z.literal('cancelled') }),
]);

const verdict = z.enum(['accept', 'reject']);

/** Emacs's answer to `patch/review`: the pipeline's patch review answer. */
export const patchReviewAnswerSchema = z.union([
  z.literal('accept-all'),
  z.literal('reject-all'),
  z.object({
    outcome: z.literal('review'),
    files: z.array(z.union([verdict, z.array(verdict)])),
    feedback: z.string().optional(),
  }),
  z.object({ outcome: z.literal('revise'), feedback: z.string().optional() }),
]);

/** Formats a zod failure as one line for a JSON-RPC error message. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}
