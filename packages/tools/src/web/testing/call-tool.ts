import type { HandlerContext, HandlerEnvelope, HandlerReturn, Tool } from '@toolcall/pipeline';

/** Calls a tool's handler directly with a minimal context, returning the envelope. */
export async function callTool<Args>(
  tool: Tool<Args>,
  args: Args,
  {
    signal = new AbortController().signal,
    toolUseId = 'toolu_test',
  }: { signal?: AbortSignal; toolUseId?: string } = {},
): Promise<HandlerEnvelope> {
  const context: HandlerContext = {
    toolName: tool.name,
    toolUseId,
    parentId: undefined,
    source: 'direct',
    resources: {},
    approvals: [],
    signal,
    onCancel: () => {},
  };
  const returned: HandlerReturn = await tool.handler(args, context);
  return typeof returned === 'string' ? { result: returned } : returned;
}
