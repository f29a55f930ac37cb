import type { PlannedCall } from './types.js';

/** A ToolCall call whose expression is the script. */
export function script(expression: string): PlannedCall {
  return { tool: 'ToolCall', input: { expression: expression.trim() } };
}

/** An ordinary call. */
export function call(tool: string, input: Record<string, unknown>): PlannedCall {
  return { tool, input };
}
