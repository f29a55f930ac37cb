import { isAddressLike, type ResourceResolver } from '@toolcall/resources';

/**
 * The session's planning state, as ApplyPatch sees it: `off` (no restriction), `plan`
 * (standalone or sticky Plan mode: only session-scoped `work://REL` targets) or `directive`
 * (directive planning: strictly read-only, no ApplyPatch at all).
 */
export type PlanMode = 'off' | 'plan' | 'directive';

/** A fixed planning state, or a getter read on every call (Plan mode can change mid-session). */
export type PlanModeSource = PlanMode | (() => PlanMode);

const MODES: readonly PlanMode[] = ['off', 'plan', 'directive'];

/** Checks a `planMode` option; throws a TypeError naming what was expected. */
export function checkPlanMode(source: unknown, owner: string): PlanModeSource | undefined {
  if (source === undefined || typeof source === 'function') return source as PlanModeSource;
  if (MODES.includes(source as PlanMode)) return source as PlanMode;
  throw new TypeError(
    `${owner}: planMode must be off, plan, directive or a function returning one, received ${String(source)}`,
  );
}

/** The current planning state; a getter answering anything else counts as `directive`. */
export function currentPlanMode(source: PlanModeSource | undefined): PlanMode {
  if (source === undefined) return 'off';
  const mode = typeof source === 'function' ? source() : source;
  return MODES.includes(mode) ? mode : 'directive';
}

/**
 * Why the current planning state refuses a patch naming `paths`, or `undefined` when it may
 * proceed. Only session-scoped `work://` descendants pass in Plan mode; ordinary paths,
 * `work://shared/…`, memory and bare addresses are refused, so a mixed patch is refused whole.
 */
export function planRefusal(
  mode: PlanMode,
  paths: readonly string[],
  resources: ResourceResolver | undefined,
  sessionId: string | undefined,
): string | undefined {
  if (mode === 'off') return undefined;
  if (mode === 'directive')
    return 'Directive planning is read-only; ApplyPatch is not available until the plan is accepted';
  const refused = paths.filter((authored) => {
    if (!isAddressLike(authored) || resources === undefined) return true;
    const prepared = resources.prepare('apply-patch', authored, { sessionId });
    if (!prepared.success) return true;
    return prepared.value.facts.family !== 'work' || prepared.value.facts.scope !== 'session';
  });
  if (refused.length === 0) return undefined;
  return `Plan mode allows ApplyPatch only on session-scoped work:// targets; refused: ${[...new Set(refused)].join(', ')}`;
}
