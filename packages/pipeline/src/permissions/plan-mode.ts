import type { Tool } from '../tool-types.js';
import { isDynamic } from './segment-rules.js';
import type { PermissionFacts, PermissionVerdict } from './types.js';

/**
 * The session's planning state: `off`, `plan` (Plan mode) or `directive` (directive
 * planning); both planning states are read-only to the policy.
 */
export type PlanMode = 'off' | 'plan' | 'directive';

/** A fixed planning state, or a getter read on every decision. */
export type PlanModeSource = PlanMode | (() => PlanMode);

const MODES: readonly string[] = ['off', 'plan', 'directive'];

/** Checks a `planMode` option; throws a TypeError naming what was expected. */
export function checkPlanModeOption(source: unknown): PlanModeSource | undefined {
  if (source === undefined || typeof source === 'function') return source as PlanModeSource;
  if (MODES.includes(source as string)) return source as PlanMode;
  throw new TypeError(
    `createPipeline: planMode must be off, plan, directive or a function returning one, received ${String(source)}`,
  );
}

/** The current planning state; a getter that throws or answers anything else counts as `directive`. */
export function currentPlanMode(source: PlanModeSource | undefined): PlanMode {
  if (source === undefined) return 'off';
  if (typeof source !== 'function') return source;
  try {
    const mode = source();
    return MODES.includes(mode) ? mode : 'directive';
  } catch {
    return 'directive';
  }
}

/**
 * The plan-mode denial of a call, or undefined when the call may go on: a read-only tool, a
 * tool that enforces plan mode itself (`permission.planAware`), and a shell command whose
 * every segment is proved read-only pass.
 */
export function planDenial(
  mode: PlanMode,
  tool: Tool,
  facts: PermissionFacts,
): PermissionVerdict | undefined {
  if (mode === 'off' || tool.readOnly || tool.permission.planAware === true) return undefined;
  const commands = facts.commands;
  if (commands !== undefined && commands.length > 0) {
    const changing = commands.find((segment) => !segment.readOnly || isDynamic(segment));
    if (changing === undefined) return undefined;
    return {
      decision: 'deny',
      reason: `${mode === 'plan' ? 'Plan mode' : 'directive planning'} is read-only and segment \`${changing.text.trim()}\` is not proved read-only`,
      source: 'plan',
      segment: changing,
    };
  }
  return {
    decision: 'deny',
    reason: `${mode === 'plan' ? 'Plan mode' : 'directive planning'} is read-only and ${tool.name} can change things`,
    source: 'plan',
  };
}
