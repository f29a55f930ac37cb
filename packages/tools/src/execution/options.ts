import type { ExecManager, ExecutionObservation, OwnerId } from '@toolcall/exec';
import type {
  ArtifactStore,
  HandlerContext,
  HandlerEnvelope,
  JsonObject,
} from '@toolcall/pipeline';
import { ROOT_OWNER } from '../root-owner.js';
import { evictionNotice } from '../session/artifact-quota.js';
import { createEscalationGate, type EscalationGate } from './escalation.js';

/** Options of `createExecutionTools`. */
export interface ExecutionToolsOptions {
  /** The session's process manager; the tools never tear it down. */
  manager: ExecManager;
  /** The owner of every call (default: `rootOwner`); use `ownerOf` when agents share the tools. */
  owner?: OwnerId;
  /** Picks the owner of one call, for example from its parent id; wins over `owner`. */
  ownerOf?: (context: HandlerContext) => OwnerId;
  /** The only owner that may start a Monitor (default `/root`; give the manager the same). */
  rootOwner?: OwnerId;
  /** The escalation gate whose hook the pipeline runs (default: a new one, returned as `hooks`). */
  escalation?: EscalationGate;
  /** Stores an execution's whole output when an observation shows only a preview (`output_path`). */
  artifacts?: ArtifactStore;
  /** The session's working directory for Bash and Monitor (default: the manager's workspace). */
  cwd?: string;
}

/** The options after defaults, shared by the five tools. */
export interface NormalizedExecutionOptions {
  manager: ExecManager;
  ownerOf: (context: HandlerContext) => OwnerId;
  rootOwner: OwnerId;
  escalation: EscalationGate;
  artifacts: ArtifactStore | undefined;
  /** Spread into every Bash and Monitor request: `{ cwd }` or nothing. */
  shell: { cwd?: string };
}

function checkFunction(name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function') {
    throw new TypeError(
      `createExecutionTools: ${name} must be a function, received ${typeof value}`,
    );
  }
}

/** Copies, defaults and checks the options once. */
export function normalizeExecutionOptions(
  options: ExecutionToolsOptions,
): NormalizedExecutionOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(
      `createExecutionTools: expected an options object, received ${String(options)}`,
    );
  }
  const given: ExecutionToolsOptions = Object.assign(Object.create(null), options);
  const manager = given.manager;
  if (typeof manager?.runBash !== 'function' || typeof manager.startMonitor !== 'function') {
    throw new TypeError('createExecutionTools: manager must be an ExecManager (createExecManager)');
  }
  checkFunction('ownerOf', given.ownerOf);
  const rootOwner = given.rootOwner ?? ROOT_OWNER;
  for (const [name, value] of [
    ['rootOwner', rootOwner],
    ['owner', given.owner ?? rootOwner],
  ] as const) {
    if (typeof value !== 'string' || value === '') {
      throw new TypeError(
        `createExecutionTools: ${name} must be a non-empty string, received ${String(value)}`,
      );
    }
  }
  if (given.artifacts !== undefined && typeof given.artifacts.put !== 'function') {
    throw new TypeError('createExecutionTools: artifacts must be an ArtifactStore with put()');
  }
  if (given.cwd !== undefined && (typeof given.cwd !== 'string' || given.cwd === '')) {
    throw new TypeError(
      `createExecutionTools: cwd must be a directory path, received ${String(given.cwd)}`,
    );
  }
  const fixed = given.owner ?? rootOwner;
  return {
    manager,
    ownerOf: given.ownerOf ?? (() => fixed),
    rootOwner,
    escalation: given.escalation ?? createEscalationGate(),
    artifacts: given.artifacts,
    shell: given.cwd === undefined ? {} : { cwd: given.cwd },
  };
}

/** What `persistOmitted` stored: the artifact's address, and a note for the model, if any. */
export interface PersistedOutput {
  readonly address: string | undefined;
  /** Artifacts the quota evicted (this write's and earlier unreported ones), or a failed store. */
  readonly notice: string | undefined;
}

/** A store that keeps one artifact per execution and reports quota evictions. */
interface ExecutionArtifacts {
  putExecutionOutput(artifact: {
    executionId: string;
    bytes: Uint8Array;
  }): Promise<{ readonly address: string }>;
  takeEvicted(): string[];
}

function keepsExecutions(store: ArtifactStore): store is ArtifactStore & ExecutionArtifacts {
  const candidate = store as Partial<ExecutionArtifacts>;
  return (
    typeof candidate.putExecutionOutput === 'function' &&
    typeof candidate.takeEvicted === 'function'
  );
}

/**
 * Stores the whole spool as an artifact when the observation omitted output. A session store
 * keeps one artifact per execution, replaced as the output grows (every poll updates it; no
 * poll adds a copy); another store gets one artifact per call.
 */
export async function persistOmitted(
  options: NormalizedExecutionOptions,
  observation: ExecutionObservation,
  owner: OwnerId,
  context: HandlerContext,
): Promise<PersistedOutput> {
  const store = options.artifacts;
  if (store === undefined || observation.omittedBytes === 0) {
    return { address: undefined, notice: undefined };
  }
  const executionId = observation.facts.executionId;
  const output = await options.manager.readOutput({ owner, executionId });
  if (!output.success) return { address: undefined, notice: undefined };
  try {
    if (!keepsExecutions(store)) {
      const stored = await store.put({
        text: output.value.toString('utf8'),
        toolName: context.toolName,
        toolUseId: context.toolUseId,
      });
      return { address: stored.address, notice: undefined };
    }
    const stored = await store.putExecutionOutput({ executionId, bytes: output.value });
    return { address: stored.address, notice: evictionNotice(store.takeEvicted()) };
  } catch (error) {
    const evicted = keepsExecutions(store) ? evictionNotice(store.takeEvicted()) : undefined;
    const failed = `Note: the whole output could not be stored: ${(error as Error)?.message ?? String(error)}`;
    return { address: undefined, notice: evicted === undefined ? failed : `${failed}\n${evicted}` };
  }
}

/** Appends a `PersistedOutput` notice to a handler envelope's result text. */
export function withArtifactNotice(
  envelope: HandlerEnvelope,
  persisted: PersistedOutput,
): HandlerEnvelope {
  if (persisted.notice === undefined) return envelope;
  return { ...envelope, result: `${String(envelope.result)}\n\n${persisted.notice}` };
}

/** Makes exec's envelope a pipeline handler envelope (render data as plain JSON). */
export function toHandlerEnvelope(envelope: {
  result: string;
  status: 'success' | 'error';
  renderData?: unknown;
}): HandlerEnvelope {
  return {
    result: envelope.result,
    status: envelope.status,
    ...(envelope.renderData === undefined
      ? {}
      : { renderData: JSON.parse(JSON.stringify(envelope.renderData)) as JsonObject }),
  };
}

/** A refused or failed start as a handler error, shown as `Error: <message>`. */
export function failureEnvelope(message: string): HandlerEnvelope {
  return { result: message.startsWith('Error:') ? message : `Error: ${message}`, status: 'error' };
}
