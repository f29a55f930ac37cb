import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { BashAnalysis } from './bash/analysis-types.js';
import type { LaunchHardening } from './bash/launch-hardening.js';
import { buildChildEnvironment, type EnvironmentPolicy } from './environment.js';
import { ExecError } from './errors.js';
import { Execution } from './execution.js';
import { createExitObserver } from './exit-observer.js';
import type { PrejoinedLaunchers } from './prejoined.js';
import type { ProcessCgroups } from './process-cgroup.js';
import { fail, type Result, succeed } from './result.js';
import type { WriteGrant } from './sandbox/bubblewrap-plan.js';
import { withJsonStatus } from './sandbox/bubblewrap-status.js';
import { decideConfinement, type SandboxMode } from './sandbox/decide.js';
import type { ResolvedConfinement } from './sandbox/escalation.js';
import type { SandboxProbe } from './sandbox/probe.js';
import {
  launcherStatusSlot,
  type PtyBackend,
  passesDescriptors,
  spawnChild,
  spawnThroughLauncher,
} from './spawn-child.js';
import { Spool } from './spool.js';
import type { ProcessScope } from './terminate.js';
import type { OwnerId, SandboxSummary } from './types.js';

/** The session-wide settings every launch shares, normalised once by the manager. */
export interface LaunchContext {
  mode: SandboxMode;
  probe: () => Promise<SandboxProbe>;
  hostEnvironment: Readonly<Record<string, string | undefined>>;
  environment: EnvironmentPolicy;
  protectedPaths: readonly string[];
  /** The workspace's read-only protected paths, read afresh for each confined launch. */
  readOnlyPaths: () => readonly string[];
  /** The seccomp filter every confined child runs under; absent where the architecture is not covered. */
  seccompPath: string | undefined;
  spoolDirectory: string;
  spoolLimitBytes: number;
  spoolPath: ((executionId: string) => string) | undefined;
  graceMs: number;
  /** Where each call gets a pids-bounded cgroup; null where the host has none writable. */
  cgroups: ProcessCgroups | null;
  /** Launchers waiting in their cgroups for the next pipe-mode call; null without cgroups. */
  launchers: PrejoinedLaunchers | null;
  /** The most processes one call may have at once, where `cgroups` can bound it. */
  processLimit: number;
  /** util-linux setpriv, which gives a direct child `--pdeathsig KILL` where there is no cgroup. */
  setprivPath: string | undefined;
  now: () => number;
  ptyBackend: PtyBackend;
}

/** One launch: what to run, where, and with which grants. */
export interface LaunchRequest {
  /** A pre-assigned id (queued work is listed before it launches); a fresh one otherwise. */
  id?: string;
  owner: OwnerId;
  command: string;
  argv: readonly string[];
  cwd: string;
  tty: boolean;
  confinement: ResolvedConfinement;
  writableRoots: readonly WriteGrant[];
  readRoots: readonly string[];
  /**
   * The Bash analysis (null when the analyzer is unavailable); when set, the last `argv`
   * element is the Bash source, and an eligible final pipeline gets the PIPESTATUS suffix.
   */
  analysis?: BashAnalysis | null;
  /** Variables set and removed after the environment policy (a proved read-only command's). */
  hardening?: LaunchHardening;
  /** Receives stdout chunks only, attached before any output flows (Monitor). */
  onStdout?: (chunk: Buffer) => void;
}

/** A started execution with its model-hidden sandbox summary. */
export interface Launched {
  execution: Execution;
  sandbox: SandboxSummary;
}

/** Makes an opaque, unguessable execution id. */
export function createExecutionId(): string {
  return `exec_${randomBytes(9).toString('base64url')}`;
}

/** Decides confinement, opens the spool and spawns; nothing is retried unconfined once confined preparation starts. */
export async function launchExecution(
  context: LaunchContext,
  request: LaunchRequest,
  /** Receives the child's scope as soon as its pid exists, before the spawn is confirmed. */
  onSpawn?: (scope: ProcessScope) => void,
): Promise<Result<Launched>> {
  const decided = await decideConfinement({
    mode: context.mode,
    confinement: request.confinement,
    probe: context.probe,
    cwd: request.cwd,
    writableRoots: request.writableRoots,
    readRoots: request.readRoots,
    protectedPaths: context.protectedPaths,
    readOnlyPaths: context.readOnlyPaths,
    bindThroughFds: !request.tty,
    ...(context.seccompPath === undefined
      ? {}
      : {
          seccompPath: context.seccompPath,
          seccompThroughShell: !passesDescriptors({
            tty: request.tty,
            ptyBackend: context.ptyBackend,
          }),
        }),
  });
  if (!decided.success) return decided;
  const { plan, summary } = decided.value;
  const id = request.id ?? createExecutionId();
  const injected = context.spoolPath?.(id);
  const spool = Spool.create({
    path: injected ?? join(context.spoolDirectory, id),
    limitBytes: context.spoolLimitBytes,
    owned: injected === undefined,
  });
  const env = buildChildEnvironment({
    host: context.hostEnvironment,
    policy: context.environment,
    confined: plan !== undefined,
    tty: request.tty,
  });
  if (request.hardening) {
    for (const name of request.hardening.unset) delete env[name];
    for (const [name, value] of request.hardening.set) env[name] = value;
  }
  const observer =
    request.analysis === undefined
      ? undefined
      : createExitObserver(request.analysis, {
          tty: request.tty,
          extraFds: plan?.fds.length ?? 0,
          confined: plan !== undefined,
          statusFile: join(context.spoolDirectory, `${id}.status`),
        });
  const argv = [...request.argv];
  if (observer?.suffix) argv[argv.length - 1] += observer.suffix;
  const descriptors = {
    tty: request.tty,
    extraFds: plan?.fds ?? [],
    ptyBackend: context.ptyBackend,
    statusPipe: observer?.usesStatusPipe ?? false,
  };
  // Bubblewrap's status documents tell its own set-up failure apart from the command's exit.
  const slot = plan ? launcherStatusSlot(descriptors) : undefined;
  // Without a cgroup or a sandbox nothing else ends a direct child with its host.
  const prefix =
    plan?.argvPrefix ??
    (context.cgroups || context.setprivPath === undefined
      ? []
      : [context.setprivPath, '--pdeathsig', 'KILL', '--']);
  const spawnRequest = {
    ...descriptors,
    argv: [...(slot === undefined ? prefix : withJsonStatus(prefix, slot)), ...argv],
    cwd: request.cwd,
    env,
    launcherStatus: slot !== undefined,
    ...(onSpawn ? { onSpawn } : {}),
  };
  // A pipe-mode call becomes a launcher already in its cgroup when one is waiting.
  const kind = plan ? 'confined' : 'direct';
  const launcher =
    request.tty || context.launchers === null ? undefined : await context.launchers.take(kind);
  const startedAt = context.now();
  let cgroup = launcher?.cgroup;
  let spawned = launcher
    ? await spawnThroughLauncher(launcher, {
        ...spawnRequest,
        onDescriptorsTaken: () => plan?.release(),
      })
    : undefined;
  if (spawned === undefined) {
    if (launcher) context.launchers?.discard(launcher);
    cgroup = context.cgroups?.open(context.processLimit);
    spawned = await spawnChild({ ...spawnRequest, ...(cgroup ? { cgroup } : {}) });
    plan?.release();
  }
  const replenish = () => {
    if (!request.tty) context.launchers?.replenish(kind);
  };
  if (!spawned.success) {
    replenish();
    plan?.settle();
    if (cgroup) context.cgroups?.release(cgroup);
    await spool.release();
    return fail(
      new ExecError('spawn-failed', `Failed to start process: ${spawned.error.message}`, {
        cause: spawned.error,
      }),
    );
  }
  const execution = new Execution(
    id,
    request.owner,
    request.command,
    plan !== undefined,
    startedAt,
    spawned.value,
    spool,
    context.graceMs,
    context.now,
    {
      ...(observer ? { observer } : {}),
      ...(request.onStdout ? { onStdout: request.onStdout } : {}),
    },
  );
  // Settlement waits until the scope, and so the cgroup and every mount on a stub, is empty.
  if (cgroup) void execution.settled.then(() => context.cgroups?.release(cgroup));
  if (plan) void execution.settled.then(() => plan.settle());
  void execution.settled.then(replenish);
  return succeed({ execution, sandbox: { ...summary, starts: 1 } });
}
