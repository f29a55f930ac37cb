import type { AddressOf, ResourceFamily } from './address-types.js';
import type { ResourceOperation } from './operation-matrix.js';
import type { ExecuteOptions, ResourceOutcome } from './outcome-types.js';
import type { Result } from './result.js';

/** Per-call context: which session the call belongs to and how to cancel it. */
export interface ResourceContext {
  /** The owning session; session-scoped families are unavailable without one. */
  readonly sessionId?: string | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** Where the target of an address lives, for permission policy (Plan mode allows only `session` writes). */
export type ResourceScope = 'session' | 'workspace' | 'user' | 'package' | 'host';

/** What a family handler receives at prepare time. */
export interface FamilyPrepareRequest<A> {
  readonly operation: ResourceOperation;
  readonly address: A;
  /** The canonical address exactly as authored. */
  readonly authored: string;
  readonly context: ResourceContext;
}

/** A family's resolved attempt: the logical facts plus the closure that runs it later. */
export interface FamilyPreparation {
  /** The exact logical target when it differs from the authored address (skill aliases). */
  readonly target?: string;
  readonly scope: ResourceScope;
  /** Runs after permission; must re-check containment and never reparse the address. */
  execute(options: Required<ExecuteOptions>): Promise<Result<ResourceOutcome>>;
}

/** Resolves one family's parsed addresses without reading content. */
export type FamilyHandler<A> = (request: FamilyPrepareRequest<A>) => Result<FamilyPreparation>;

/** The handlers a resolver dispatches to, one per available family. */
export type ResourceFamilyHandlers = {
  readonly [F in ResourceFamily]?: FamilyHandler<AddressOf<F>>;
};
