import { type Clock, type Limits, normalizeLimits } from '@toolcall/interpreter';
import type { Pipeline } from '../pipeline.js';
import type { ToolCallProgress } from './audit.js';
import { type AuditBounds, DEFAULT_AUDIT_BOUNDS } from './bounds.js';
import {
  type CheckpointStore,
  cancelledRenderData,
  type ToolCallCheckpoint,
} from './checkpoint.js';
import type { ToolCallRenderData } from './render-data.js';
import { journalOf, runScript } from './run-script.js';
import {
  type CommitOptions,
  deliveryProblem,
  type SettlementCommit,
  SettlementCommits,
} from './settlement-commits.js';
import type { DriverSettings, ScriptRequest, ScriptSpan, ToolCallSettlement } from './types.js';

/** Options of `createToolCallDriver`. */
export interface ToolCallOptions {
  /** The pipeline every nested call goes through. */
  pipeline: Pick<Pipeline, 'runTool'>;
  /** Interpreter budgets; omitted keys take the interpreter's defaults. */
  limits?: Partial<Limits>;
  /** Nested calls in flight at once in `parallel` / `parallel-map` (default 4). */
  parallelism?: number;
  /** A returned value longer than this many lines collapses into a Returned row (default 20; 0 keeps it inline). */
  returnedLineThreshold?: number;
  /** Bytes of one child result before it becomes a bounded guest error (default: the value-size budget). */
  childResultLimit?: number;
  auditBounds?: Partial<AuditBounds>;
  /** Receives the live aggregate while a script runs. */
  onProgress?: (progress: ToolCallProgress) => void;
  /** Receives one redacted span per script. */
  telemetry?: (span: ScriptSpan) => void;
  /** Durable envelope checkpoints: before the first nested call and at settlement. */
  checkpoints?: CheckpointStore;
  /**
   * Who commits the settlement checkpoint (default `settlement`: the driver, as the script
   * settles). With `host`, the host calls `commit` once it has projected and kept the result
   * (`projectToolCall` does, given the driver), so a process killed in between is recovered
   * from the running checkpoint rather than leaving a settled one whose outcome nobody saw.
   */
  settlementCommit?: SettlementCommit;
  /** The base clock for wall-time budgets; time waiting for a person is excluded from it. */
  clock?: Clock;
  onWarning?: (message: string) => void;
}

/** Runs ToolCall scripts through one pipeline. */
export interface ToolCallDriver {
  run(request: ScriptRequest): Promise<ToolCallSettlement>;
  /** Running checkpoints of the scripts in flight (their in-memory journals), for an autosave. */
  journals(): ToolCallCheckpoint[];
  /** The render data of a script in flight as if cancelled now, or undefined once it settled. */
  cancelledRenderData(envelopeId: string): ToolCallRenderData | undefined;
  /**
   * Commits a script's settlement once its result has been projected and kept (with
   * `settlementCommit: 'host'`): writes the settled checkpoint held since the script settled,
   * with `delivery` (the projection's `ProviderResult.delivery`) in its settlement, or with
   * `consume` removes the checkpoint. A commit that comes while the script is still winding
   * down (a cancelled call shown at once) applies when it settles. Resolves once the store
   * has done it; does nothing for an envelope it holds nothing for, nor with
   * `settlementCommit: 'settlement'`, whose checkpoint was written before any projection and
   * so records no delivery.
   */
  commit(envelopeId: string, options?: CommitOptions): Promise<void>;
}

const KEYS = new Set([
  'pipeline',
  'limits',
  'parallelism',
  'returnedLineThreshold',
  'childResultLimit',
  'auditBounds',
  'onProgress',
  'telemetry',
  'checkpoints',
  'settlementCommit',
  'clock',
  'onWarning',
]);

function integer(name: string, value: unknown, fallback: number, minimum: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum) {
    throw new TypeError(
      `createToolCallDriver: ${name} must be an integer of at least ${minimum}, received ${String(value)}`,
    );
  }
  return value;
}

/** Creates a ToolCall driver; options are normalized and validated once here. */
export function createToolCallDriver(options: ToolCallOptions): ToolCallDriver {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('createToolCallDriver: expected an options object');
  }
  for (const key of Object.keys(options)) {
    if (!KEYS.has(key)) throw new TypeError(`createToolCallDriver: unknown option \`${key}\``);
  }
  if (typeof options.pipeline?.runTool !== 'function') {
    throw new TypeError('createToolCallDriver: pipeline must be a pipeline with runTool()');
  }
  for (const key of ['onProgress', 'telemetry', 'onWarning'] as const) {
    const value = options[key];
    if (value !== undefined && typeof value !== 'function') {
      throw new TypeError(
        `createToolCallDriver: ${key} must be a function, received ${typeof value}`,
      );
    }
  }
  for (const [key, methods] of [
    ['checkpoints', ['write', 'list', 'remove']],
    ['clock', ['now', 'setTimeout', 'clearTimeout']],
  ] as const) {
    const port = options[key] as Record<string, unknown> | undefined;
    if (port !== undefined && methods.some((method) => typeof port?.[method] !== 'function')) {
      throw new TypeError(`createToolCallDriver: ${key} must have ${methods.join(', ')} methods`);
    }
  }
  const settlementCommit = options.settlementCommit ?? 'settlement';
  if (settlementCommit !== 'settlement' && settlementCommit !== 'host') {
    throw new TypeError(
      `createToolCallDriver: settlementCommit must be 'settlement' or 'host', received ${String(settlementCommit)}`,
    );
  }
  let limits: Limits;
  try {
    // Checked here, once: a bad budget would otherwise fail every script as a refused roster.
    limits = normalizeLimits(options.limits);
  } catch (error) {
    throw new TypeError(`createToolCallDriver: ${(error as Error).message}`);
  }
  const bounds: AuditBounds = { ...DEFAULT_AUDIT_BOUNDS };
  for (const [key, value] of Object.entries(options.auditBounds ?? {})) {
    if (!(key in bounds))
      throw new TypeError(`createToolCallDriver: unknown audit bound \`${key}\``);
    (bounds as unknown as Record<string, number>)[key] = integer(`auditBounds.${key}`, value, 0, 1);
  }
  const settings: DriverSettings = {
    pipeline: options.pipeline,
    limits,
    parallelism: integer('parallelism', options.parallelism, 4, 1),
    returnedLineThreshold: integer('returnedLineThreshold', options.returnedLineThreshold, 20, 0),
    childResultLimit: integer('childResultLimit', options.childResultLimit, limits.valueSize, 1),
    bounds: Object.freeze(bounds),
    onProgress: options.onProgress,
    telemetry: options.telemetry,
    checkpoints: options.checkpoints,
    commits:
      options.checkpoints === undefined
        ? undefined
        : new SettlementCommits(settlementCommit, options.checkpoints, options.onWarning),
    clock: options.clock,
    onWarning: options.onWarning,
    journals: new Map(),
  };
  return {
    run(request) {
      if (
        typeof request !== 'object' ||
        request === null ||
        typeof request.expression !== 'string' ||
        typeof request.envelopeId !== 'string' ||
        typeof request.catalog?.entry !== 'function'
      ) {
        throw new TypeError(
          'ToolCallDriver.run: expected { expression, envelopeId, catalog, signal? }',
        );
      }
      return runScript(settings, request);
    },
    journals: () =>
      [...settings.journals].map(([id, audit]) =>
        journalOf(id, audit.snapshot(), audit.expression),
      ),
    commit(envelopeId, commitOptions = {}) {
      if (typeof envelopeId !== 'string') {
        throw new TypeError('ToolCallDriver.commit: expected an envelope id string');
      }
      const commits = settings.commits;
      // Only a settlement the host commits takes these options; otherwise there is nothing to do.
      if (commits?.mode !== 'host') return Promise.resolve();
      const problem = deliveryProblem(commitOptions?.delivery);
      if (problem !== undefined) {
        throw new TypeError(
          `ToolCallDriver.commit: delivery ${problem}; expected ProviderResult.delivery, { mode: 'inline' | 'truncated' | 'persisted', characters, reason? | artifact? }`,
        );
      }
      return commits.commit(envelopeId, commitOptions, settings.journals.has(envelopeId));
    },
    cancelledRenderData(envelopeId) {
      const audit = settings.journals.get(envelopeId);
      return audit === undefined
        ? undefined
        : cancelledRenderData(journalOf(envelopeId, audit.snapshot()));
    },
  };
}
