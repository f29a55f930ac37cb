import type { HookRegistration } from '@toolcall/pipeline';

/** Why WriteStdin and StopExecution need no prompt of their own. */
export const CONTROL_REASON =
  'execution control inherits the authority of the execution it controls';

/**
 * A PreToolUse hook that lets WriteStdin and StopExecution skip the permission prompt: polling,
 * typing into and stopping an execution inherit the authority its start was given. A hook
 * allow never beats a deny, so explicit deny rules and other hooks still apply, and the
 * handler still refuses ids the caller does not own.
 */
export function createControlHook(): HookRegistration {
  return {
    event: 'PreToolUse',
    matcher: 'WriteStdin|StopExecution',
    name: 'execution-control',
    run: () => ({ permission_decision: 'allow', permission_reason: CONTROL_REASON }),
  };
}
