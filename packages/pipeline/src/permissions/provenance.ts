import { describeRule } from './compile-rule.js';
import type { PermissionVerdict, VerdictSource } from './types.js';

/** Who settled a call's permission: the policy (`VerdictSource`), a hook, the user, or a reviewer. */
export type PermissionSource = VerdictSource | 'hook' | 'user' | 'reviewer';

/**
 * How a call's permission was settled, as its audit record, events and telemetry carry it.
 * JSON-shaped and frozen; calls decided by the same rule or mode share one object.
 */
export interface PermissionProvenance {
  /** The final decision: an `ask` is settled as allow or deny by whoever answered. */
  readonly decision: 'allow' | 'deny';
  readonly source: PermissionSource;
  readonly reason: string;
  /** The rule that decided, as reasons name it (`deny rule for Bash pattern rm*`). */
  readonly rule?: string;
  /** The text of the command segment that decided. */
  readonly segment?: string;
  /** The asker's answer (`allow-once`, `allow-always`, `deny-session` …) when one was given. */
  readonly answer?: string;
  /** The name an automatic reviewer gave itself. */
  readonly reviewer?: string;
  /** Why the policy asked, when someone answered a question. */
  readonly asked?: string;
}

// Rule and mode verdicts are shared and frozen; their provenance is made once.
const shared = new WeakMap<PermissionVerdict, PermissionProvenance>();

function build(verdict: PermissionVerdict, decision: 'allow' | 'deny'): PermissionProvenance {
  return Object.freeze({
    decision,
    source: verdict.source ?? 'mode',
    reason: verdict.reason,
    ...(verdict.rule === undefined ? {} : { rule: describeRule(verdict.rule) }),
    ...(verdict.segment === undefined ? {} : { segment: verdict.segment.text }),
  });
}

/** The provenance of a call the policy decided alone (allow or deny, no question asked). */
export function provenanceOf(verdict: PermissionVerdict): PermissionProvenance {
  const decision = verdict.decision === 'deny' ? 'deny' : 'allow';
  if (!Object.isFrozen(verdict)) return build(verdict, decision);
  let found = shared.get(verdict);
  if (found === undefined) {
    found = build(verdict, decision);
    shared.set(verdict, found);
  }
  return found;
}

/** The provenance of an `ask` that someone settled: a hook, the user or a reviewer. */
export function answeredProvenance(
  verdict: PermissionVerdict,
  settled: {
    decision: 'allow' | 'deny';
    source: PermissionSource;
    reason: string;
    answer?: string;
    reviewer?: string;
  },
): PermissionProvenance {
  return Object.freeze({
    decision: settled.decision,
    source: settled.source,
    reason: settled.reason,
    ...(verdict.rule === undefined ? {} : { rule: describeRule(verdict.rule) }),
    ...(verdict.segment === undefined ? {} : { segment: verdict.segment.text }),
    ...(settled.answer === undefined ? {} : { answer: settled.answer }),
    ...(settled.reviewer === undefined ? {} : { reviewer: settled.reviewer }),
    asked: verdict.reason,
  });
}
