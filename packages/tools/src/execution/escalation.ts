import type { HostDecision } from '@toolcall/exec';
import { type HookRegistration, z } from '@toolcall/pipeline';

/** The escalation fields Bash and Monitor share (tool contracts §5.3). */
export type EscalationArgs = {
  sandbox_permissions?: 'use_default' | 'with_additional_permissions' | 'require_escalated';
  additional_permissions?: {
    network?: boolean | undefined;
    file_system?: { read?: string[] | undefined; write?: string[] | undefined } | undefined;
  };
  justification?: string | undefined;
};

/** The zod shape of the escalation fields, spread into Bash's and Monitor's arguments. */
export const escalationShape = {
  sandbox_permissions: z
    .enum(['use_default', 'with_additional_permissions', 'require_escalated'])
    .optional()
    .describe(
      'use_default (confined, no network; the default), with_additional_permissions (stay confined and add only additional_permissions) or require_escalated (run unconfined). Non-default requests need a justification and the host approval.',
    ),
  additional_permissions: z
    .object({
      network: z.boolean().optional().describe('Allow network access.'),
      file_system: z
        .object({
          read: z.array(z.string()).optional().describe('Exact absolute paths to read.'),
          write: z.array(z.string()).optional().describe('Exact absolute paths to write.'),
        })
        .optional(),
    })
    .optional()
    .describe('With with_additional_permissions: the network and exact absolute paths to add.'),
  justification: z
    .string()
    .optional()
    .describe(
      'Why the command needs more than the default confinement; required for any non-default request.',
    ),
};

/** Whether the call asks for more than default confinement (empty additions count as absent). */
export function requestsEscalation(args: EscalationArgs): boolean {
  if (args.sandbox_permissions === 'require_escalated') return true;
  if (args.sandbox_permissions !== 'with_additional_permissions') return false;
  const additional = args.additional_permissions ?? {};
  return (
    additional.network === true ||
    (additional.file_system?.read?.length ?? 0) > 0 ||
    (additional.file_system?.write?.length ?? 0) > 0
  );
}

/** The additional paths of a request, for permission path facts. */
export function escalationPaths(args: EscalationArgs): string[] {
  const files = args.additional_permissions?.file_system;
  return [...(files?.read ?? []), ...(files?.write ?? [])];
}

/** Maps the pipeline's permission outcome for escalation requests onto exec's host decision. */
export interface EscalationGate {
  /** A PreToolUse hook for Bash and Monitor that forces a permission prompt for escalation requests. */
  readonly hook: HookRegistration;
  /** The host decision for a call that reached its handler; `undefined` when nothing was requested. */
  decide(toolUseId: string, args: EscalationArgs): HostDecision | undefined;
}

// Calls whose prompt was forced but whose handler never ran (denied, cancelled) are forgotten
// oldest first, so the ledger stays bounded.
const LEDGER_LIMIT = 1_024;

/**
 * Creates the gate: its hook forces `ask` for every escalation request and remembers the call, so
 * a handler that runs afterwards knows the host's asker approved exactly that input. A request
 * that never passed the hook (the hook is not installed, or a later rewrite added escalation)
 * is decided `denied`, and exec then refuses it without running anything.
 */
export function createEscalationGate(
  tools: readonly string[] = ['Bash', 'Monitor'],
): EscalationGate {
  const prompted = new Set<string>();
  const hook: HookRegistration = {
    event: 'PreToolUse',
    matcher: tools.join('|'),
    name: 'execution-escalation',
    run: (input) => {
      const args = (input.tool_input ?? {}) as EscalationArgs;
      if (!requestsEscalation(args)) return undefined;
      prompted.add(input.tool_use_id);
      if (prompted.size > LEDGER_LIMIT) {
        const oldest = prompted.values().next().value;
        if (oldest !== undefined) prompted.delete(oldest);
      }
      return {
        permission_decision: 'ask',
        permission_reason: `${input.tool_name} requests ${args.sandbox_permissions}: ${args.justification ?? ''}`,
      };
    },
  };
  return {
    hook,
    decide(toolUseId, args) {
      if (!requestsEscalation(args)) return undefined;
      const approved = prompted.delete(toolUseId);
      return approved ? 'approved' : 'denied';
    },
  };
}
