import type { ExecManager, ExecutionObservation, OwnerId } from '@toolcall/exec';
import type {
  ArtifactStore,
  HandlerContext,
  HandlerEnvelope,
  JsonObject,
} from '@toolcall/pipeline';
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
  const rootOwner = given.rootOwner ?? '/root';
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

/** Stores the whole spool as an artifact when the observation omitted output; returns its address. */
export async function persistOmitted(
  options: NormalizedExecutionOptions,
  observation: ExecutionObservation,
  owner: OwnerId,
  context: HandlerContext,
): Promise<string | undefined> {
  if (options.artifacts === undefined || observation.omittedBytes === 0) return undefined;
  const output = await options.manager.readOutput({
    owner,
    executionId: observation.facts.executionId,
  });
  if (!output.success) return undefined;
  const stored = await options.artifacts.put({
    text: output.value.toString('utf8'),
    toolName: context.toolName,
    toolUseId: context.toolUseId,
  });
  return stored.address;
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
