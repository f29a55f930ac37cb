import { ExecError } from '../errors.js';
import { fail, type Result, succeed } from '../result.js';
import type { SandboxSummary } from '../types.js';
import { type BubblewrapPlan, planBubblewrap, type WriteGrant } from './bubblewrap-plan.js';
import type { ResolvedConfinement } from './escalation.js';
import type { SandboxProbe } from './probe.js';

/** The confinement modes: never, when available, or always (refusing without Bubblewrap). */
export type SandboxMode = 'off' | 'best-effort' | 'required';

/** The launch decision for one child. */
export interface LaunchDecision {
  plan: BubblewrapPlan | undefined;
  summary: SandboxSummary;
}

/** Decides whether and how to confine one child (additional writes arrive in `writableRoots`); a confined preparation failure never runs it directly. */
export async function decideConfinement({
  mode,
  confinement,
  probe,
  cwd,
  writableRoots,
  readRoots,
  protectedPaths,
  readOnlyPaths,
  bindThroughFds,
  seccompPath,
  seccompThroughShell,
}: {
  mode: SandboxMode;
  confinement: ResolvedConfinement;
  probe: () => Promise<SandboxProbe>;
  cwd: string;
  writableRoots: readonly WriteGrant[];
  readRoots: readonly string[];
  protectedPaths: readonly string[];
  /** Computed only for a confined launch: reading the repository's config costs a few reads. */
  readOnlyPaths: () => readonly string[];
  bindThroughFds: boolean;
  seccompPath?: string;
  seccompThroughShell?: boolean;
}): Promise<Result<LaunchDecision>> {
  const additional = confinement.kind === 'additional' ? confinement : undefined;
  const base: SandboxSummary = {
    mode,
    boundary: 'direct',
    filesystem: 'unrestricted',
    network: 'unrestricted',
    attempts: 1,
    starts: 0,
    refusals: 0,
    additionalReadMounts: additional?.read.length ?? 0,
    additionalWriteMounts: additional?.write.length ?? 0,
    protectedMasked: 0,
  };
  if (confinement.kind === 'escalated') {
    return succeed({ plan: undefined, summary: { ...base, directReason: 'escalated' } });
  }
  if (mode === 'off') {
    return succeed({ plan: undefined, summary: { ...base, directReason: 'disabled' } });
  }
  const probed = await probe();
  if (!probed.available || probed.bwrapPath === undefined) {
    if (mode === 'required') {
      return fail(
        new ExecError(
          'sandbox-unavailable',
          'Sandbox mode "required" needs Bubblewrap (bwrap), which is unavailable here; the command did not run.',
        ),
      );
    }
    return succeed({ plan: undefined, summary: { ...base, directReason: 'unavailable' } });
  }
  const planned = planBubblewrap({
    bwrapPath: probed.bwrapPath,
    cwd,
    writableRoots,
    readRoots: [...readRoots, ...(additional?.read ?? [])],
    network: additional?.network ?? false,
    protectedPaths,
    readOnlyPaths: readOnlyPaths(),
    bindThroughFds,
    ...(seccompPath === undefined ? {} : { seccompPath, seccompThroughShell }),
  });
  if (!planned.success) return planned;
  return succeed({
    plan: planned.value,
    summary: {
      ...base,
      boundary: 'bubblewrap',
      filesystem: 'workspace-write',
      network: additional?.network ? 'granted' : 'none',
      protectedMasked: planned.value.masked,
    },
  });
}
