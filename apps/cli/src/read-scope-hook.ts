import { isAbsolute, relative, resolve } from 'node:path';
import type { HookRegistration, Pipeline } from '@toolcall/pipeline';

const PATH_KEYS = ['file_path', 'path'] as const;

/** The read-only tools that take a file path: every one of them reads what it names. */
export const READ_TOOLS = ['Read', 'Glob', 'Grep', 'Outline', 'Node'] as const;

/**
 * Read-only file tools are allowed by the permission mode everywhere; this hook asks before
 * they read outside the workspace, unless a rule allows the call (minimal; to move into the
 * pipeline's policy as a workspace scope).
 */
export function readScopeHook(workspace: string, pipeline: () => Pipeline): HookRegistration {
  return {
    event: 'PreToolUse',
    matcher: READ_TOOLS.join('|'),
    run: (input) => {
      const args = (input.tool_input ?? {}) as Record<string, unknown>;
      const outside = PATH_KEYS.map((key) => args[key]).find((value) => {
        if (typeof value !== 'string' || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return false;
        const path = relative(workspace, resolve(workspace, value));
        return path.startsWith('..') || isAbsolute(path);
      });
      if (outside === undefined) return undefined;
      const verdict = pipeline().decideNow({ name: input.tool_name, input: args });
      if (verdict.reason.startsWith('allow rule')) return undefined;
      return {
        permission_decision: 'ask',
        permission_reason: `${String(outside)} is outside the workspace`,
      };
    },
  };
}
