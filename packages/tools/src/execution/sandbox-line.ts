import type { ExecutionFacts, SandboxSummary } from '@toolcall/exec';

/** Guidance appended when a confined command failed, naming the escalation vocabulary. */
export const CONFINED_FAILURE_GUIDANCE =
  'If the sandbox blocked the command, retry with sandbox_permissions="with_additional_permissions" naming the exact additional_permissions it needs, or sandbox_permissions="require_escalated", each with a justification.';

/**
 * The model-visible confinement line (§1.4), or `undefined` when nothing is noteworthy: a
 * confined default run that succeeded, or a host that turned confinement off.
 */
export function formatSandboxLine(
  sandbox: SandboxSummary,
  facts: ExecutionFacts,
): string | undefined {
  const confined = sandbox.boundary === 'bubblewrap';
  const additions = sandbox.additionalReadMounts + sandbox.additionalWriteMounts;
  const failed = facts.state === 'completed' && facts.outcome === 'failure';
  const noteworthy = confined
    ? additions > 0 || sandbox.network === 'granted' || failed
    : sandbox.directReason !== 'disabled';
  if (!noteworthy) return undefined;
  const parts = [
    `sandbox: ${confined ? 'bubblewrap' : 'none'}`,
    `filesystem: ${sandbox.filesystem}`,
    `network: ${sandbox.network}`,
  ];
  if (additions > 0) {
    parts.push(
      `additional filesystem: ${sandbox.additionalReadMounts} read, ${sandbox.additionalWriteMounts} write`,
    );
  }
  if (!confined && sandbox.directReason !== undefined) {
    parts.push(
      `reason: ${sandbox.directReason === 'escalated' ? 'escalation approved' : 'sandbox unavailable'}`,
    );
  }
  const line = `[${parts.join('; ')}]`;
  return confined && failed ? `${line}\n${CONFINED_FAILURE_GUIDANCE}` : line;
}
