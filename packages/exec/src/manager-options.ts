import { mkdtempSync, realpathSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BashAnalyzer } from './bash/create-bash-analyzer.js';
import { buildChildEnvironment, type EnvironmentPolicy } from './environment.js';
import type { LaunchContext } from './launch.js';
import { PrejoinedLaunchers } from './prejoined.js';
import { PROCESS_LIMIT, ProcessCgroups } from './process-cgroup.js';
import type { PathIdentity } from './sandbox/bubblewrap-plan.js';
import type { SandboxMode } from './sandbox/decide.js';
import type { EscalationRequest, HostDecision } from './sandbox/escalation.js';
import { createProbeCache, findExecutable } from './sandbox/probe.js';
import { defaultProtectedPaths } from './sandbox/protected-paths.js';
import { writeSeccompFilter } from './sandbox/seccomp.js';
import { protectedWorkspacePaths } from './sandbox/workspace-protection.js';
import type { PtyBackend } from './spawn-child.js';
import { SPOOL_LIMIT_BYTES } from './spool.js';
import type { OwnerId } from './types.js';

/** Options of one managed session; every field has a default except the workspace. */
export interface ExecManagerOptions {
  /** The session's working directory, writable inside confinement. */
  workspaceRoot: string;
  sandbox?: SandboxMode;
  maxLive?: number;
  /**
   * The most processes (threads included) one call may have at once, enforced through a pids
   * cgroup where the host has one writable (default 256). `false` gives calls no cgroup: no
   * bound, and unconfined calls are then tracked by process group only (see docs/exec.md).
   */
  processLimit?: number | false;
  graceMs?: number;
  retainMs?: number;
  spoolLimitBytes?: number;
  environment?: EnvironmentPolicy;
  hostEnvironment?: Readonly<Record<string, string | undefined>>;
  /** Replaces the default hidden paths (~/.ssh, ~/.gnupg, ~/.aws, the session store). */
  protectedPaths?: readonly string[];
  /**
   * The workspace's read-only protected paths (`PROTECTED_WORKSPACE_PATHS`, git hooks
   * and config targets) always apply; `extra` adds more, relative to the workspace root.
   */
  workspaceProtection?: { extra?: readonly string[] };
  /** The session store, protected from confined children. */
  sessionStore?: string;
  /** Extra writable artifact directories. */
  artifactDirectories?: readonly string[];
  /**
   * The Bash analyzer; by default one is loaded lazily and shared by every manager in the process.
   * `null` disables analysis: every command then runs as `bash -lc` in the exclusive lane.
   */
  analyzer?: BashAnalyzer | Promise<BashAnalyzer> | null;
  /** Re-checked before queued work starts; a false answer settles the work without spawning. */
  isOwnerActive?: (owner: OwnerId) => boolean;
  /** The only owner that may start a Monitor (default `/root`). */
  rootOwner?: OwnerId;
  now?: () => number;
  /** Where the private spool and scratch directory is created. */
  temporaryRoot?: string;
  /** The pseudo-terminal backend; `auto` prefers util-linux script, which never loses a fast exit's tail. */
  ptyBackend?: PtyBackend;
  /** Test hook: a pre-existing file to use as an execution's spool (never deleted). */
  spoolPath?: (executionId: string) => string;
}

/** A managed Bash call. */
export interface BashRequest extends EscalationRequest {
  owner: OwnerId;
  command: string;
  cwd?: string;
  yieldTimeMs?: number;
  tty?: boolean;
  /** The host's permission decision for a non-default escalation request. */
  hostDecision?: HostDecision;
  /** Aborts a foreground wait; a yielded execution is detached from it. */
  signal?: AbortSignal;
  /** Identities of granted write paths seen at the permission check; a swapped path is refused. */
  grantIdentities?: Readonly<Record<string, PathIdentity>>;
}

/** The manager's options after defaults and validation, applied once at construction. */
export interface NormalizedManagerOptions {
  workspaceRoot: string;
  maxLive: number;
  retainMs: number;
  analyzer: BashAnalyzer | Promise<BashAnalyzer> | null | undefined;
  isOwnerActive: (owner: OwnerId) => boolean;
  rootOwner: OwnerId;
  mode: SandboxMode;
  now: () => number;
  artifactDirectories: readonly string[];
  temporaryDirectory: string;
  context: LaunchContext;
}

function normalizeExtraProtection(
  value: ExecManagerOptions['workspaceProtection'],
): readonly string[] {
  const extra = value?.extra ?? [];
  if (!Array.isArray(extra) || extra.some((entry) => typeof entry !== 'string' || entry === '')) {
    throw new TypeError(
      `workspaceProtection.extra must be an array of non-empty path strings, received ${JSON.stringify(extra)}`,
    );
  }
  return extra;
}

// Probes are cached per execution target (and PATH), shared by every manager in the process.
const sharedProbeCache = createProbeCache();

/** Copies, defaults and validates manager options, creating the private temporary directory. */
export function normalizeManagerOptions(options: ExecManagerOptions): NormalizedManagerOptions {
  const normalized = Object.assign(Object.create(null), options) as ExecManagerOptions;
  if (typeof normalized.workspaceRoot !== 'string') {
    throw new TypeError(
      `workspaceRoot must be a directory path string, received ${String(normalized.workspaceRoot)}`,
    );
  }
  const mode = normalized.sandbox ?? 'best-effort';
  if (!['off', 'best-effort', 'required'].includes(mode)) {
    throw new TypeError(`sandbox must be 'off', 'best-effort' or 'required', received ${mode}`);
  }
  const workspaceRoot = realpathSync(resolve(normalized.workspaceRoot));
  const host = normalized.hostEnvironment ?? process.env;
  const extra = normalizeExtraProtection(normalized.workspaceProtection);
  const processLimit = normalized.processLimit ?? PROCESS_LIMIT;
  if (processLimit !== false && (!Number.isInteger(processLimit) || processLimit < 1)) {
    throw new TypeError(
      `processLimit must be a positive integer or false, received ${String(processLimit)}`,
    );
  }
  const home = host.HOME ?? homedir();
  const temporaryDirectory = mkdtempSync(
    join(realpathSync(normalized.temporaryRoot ?? tmpdir()), 'toolcall-exec-'),
  );
  const cgroups = processLimit === false ? null : ProcessCgroups.shared();
  const limit = processLimit === false ? PROCESS_LIMIT : processLimit;
  return {
    workspaceRoot,
    maxLive: normalized.maxLive ?? 64,
    retainMs: normalized.retainMs ?? 60_000,
    analyzer: normalized.analyzer,
    isOwnerActive: normalized.isOwnerActive ?? (() => true),
    rootOwner: normalized.rootOwner ?? '/root',
    mode,
    now: normalized.now ?? Date.now,
    artifactDirectories: (normalized.artifactDirectories ?? []).map((path) => resolve(path)),
    temporaryDirectory,
    context: {
      mode,
      probe: () => sharedProbeCache('local', host.PATH),
      hostEnvironment: host,
      environment: normalized.environment ?? {},
      seccompPath: writeSeccompFilter(temporaryDirectory),
      readOnlyPaths: () => protectedWorkspacePaths({ workspaceRoot, extra, home }),
      protectedPaths:
        normalized.protectedPaths ??
        defaultProtectedPaths({
          home,
          workspaceRoot,
          ...(normalized.sessionStore ? { sessionStore: normalized.sessionStore } : {}),
        }),
      spoolDirectory: temporaryDirectory,
      spoolLimitBytes: normalized.spoolLimitBytes ?? SPOOL_LIMIT_BYTES,
      spoolPath: normalized.spoolPath,
      graceMs: normalized.graceMs ?? 2_000,
      cgroups,
      launchers:
        cgroups === null
          ? null
          : new PrejoinedLaunchers(
              cgroups,
              limit,
              (kind) =>
                buildChildEnvironment({
                  host,
                  policy: normalized.environment ?? {},
                  confined: kind === 'confined',
                  tty: false,
                }),
              temporaryDirectory,
            ),
      processLimit: limit,
      setprivPath: findExecutable('setpriv', host.PATH),
      now: normalized.now ?? Date.now,
      ptyBackend: normalized.ptyBackend ?? 'auto',
    },
  };
}
