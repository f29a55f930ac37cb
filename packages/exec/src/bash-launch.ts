import { resolve } from 'node:path';
import { BACKGROUND_REFUSAL, findBackgroundOperator } from './background-operators.js';
import type { BashAnalysis } from './bash/analysis-types.js';
import { createLaunchHardening, type LaunchHardening } from './bash/launch-hardening.js';
import { ExecError } from './errors.js';
import { fail, type Result, succeed } from './result.js';
import type { PathIdentity, WriteGrant } from './sandbox/bubblewrap-plan.js';
import {
  type EscalationRequest,
  type HostDecision,
  type ResolvedConfinement,
  resolveEscalation,
} from './sandbox/escalation.js';
import type { Lane } from './scheduler.js';

/** What Bash and Monitor share before admission. */
export interface ShellRequest extends EscalationRequest {
  command: string;
  cwd?: string;
  hostDecision?: HostDecision;
  grantIdentities?: Readonly<Record<string, PathIdentity>>;
}

/** A checked shell launch, ready for admission. */
export interface PreparedShell {
  argv: string[];
  cwd: string;
  confinement: ResolvedConfinement;
  writableRoots: WriteGrant[];
  lane: Lane;
  analysis: BashAnalysis | null;
  /** Environment changes the launch applies (a proved read-only command's git and rg). */
  hardening?: LaunchHardening;
}

/** Whether a command uses shell-native background execution; lexical only when analysis is missing or unparsed. */
export function usesBackground(command: string, analysis: BashAnalysis | null): boolean {
  if (analysis?.parsed) return analysis.background.length > 0;
  // Without a clean parse the tree may have missed an operator, so both checks apply.
  return (analysis?.background.length ?? 0) > 0 || findBackgroundOperator(command) !== undefined;
}

/**
 * Refuses background use, resolves escalation and grants, and picks the shell: proven
 * read-only commands skip startup files and share the lane; everything else is exclusive.
 */
export function prepareShell(
  request: ShellRequest,
  analysis: BashAnalysis | null,
  roots: { workspaceRoot: string; artifactDirectories: readonly string[] },
): Result<PreparedShell> {
  if (usesBackground(request.command, analysis)) {
    return fail(new ExecError('background-refused', `${BACKGROUND_REFUSAL}.`));
  }
  const resolved = resolveEscalation(request, request.hostDecision);
  if (!resolved.success) return resolved;
  const confinement = resolved.value;
  const identities = request.grantIdentities ?? {};
  const writableRoots: WriteGrant[] = [roots.workspaceRoot, ...roots.artifactDirectories];
  if (confinement.kind === 'additional') {
    for (const path of confinement.write) {
      const identity = identities[path];
      writableRoots.push(identity ? { path, identity } : path);
    }
  }
  const readOnly = analysis?.classification === 'read-only';
  const cwd = request.cwd ? resolve(roots.workspaceRoot, request.cwd) : roots.workspaceRoot;
  // The proof covers the source, not the repository: the git and rg it runs get an
  // environment that keeps a hostile config from running programs (see src/bash/README.md).
  // It is applied to the child's environment at spawn, so the command's own shell is the only
  // exec: no first shell exports the variables and execs a second.
  return succeed({
    argv: readOnly
      ? ['bash', '--noprofile', '--norc', '-p', '-c', request.command]
      : ['bash', '-lc', request.command],
    cwd,
    confinement,
    writableRoots,
    lane: readOnly ? 'shared' : 'exclusive',
    analysis,
    ...(readOnly
      ? {
          hardening: createLaunchHardening({ cwd, runsGit: request.command.includes('git') }),
        }
      : {}),
  });
}
