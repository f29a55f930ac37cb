import type { ResourceFamily, ResourceScheme } from './address-types.js';
import type { ResourceScope } from './family-handler.js';
import type { ResourceOperation } from './operation-matrix.js';
import type { ExecuteOptions, ResourceOutcome } from './outcome-types.js';
import type { Result } from './result.js';

/** The logical facts the permission step decides on; never a backing path. */
export interface AuthorityFacts {
  readonly operation: ResourceOperation;
  readonly access: 'read' | 'write';
  readonly scheme: ResourceScheme;
  readonly family: ResourceFamily;
  /** The canonical address as authored. */
  readonly address: string;
  /** The exact logical target (a skill alias's full-hash locator; otherwise the address). */
  readonly target: string;
  readonly scope: ResourceScope;
}

type Runner = (options: Required<ExecuteOptions>) => Promise<Result<ResourceOutcome>>;

/** An opaque prepared resource operation; only its resolver can execute it. */
export class ResourceAttempt {
  readonly facts: AuthorityFacts;
  readonly #run: Runner;
  readonly #owner: object;

  /** @internal */
  constructor(facts: AuthorityFacts, run: Runner, owner: object) {
    this.facts = facts;
    this.#run = run;
    this.#owner = owner;
  }

  /** @internal Whether `attempt` was prepared by the resolver identified by `owner`. */
  static isOwnedBy(attempt: unknown, owner: object): attempt is ResourceAttempt {
    return attempt instanceof ResourceAttempt && attempt.#owner === owner;
  }

  /** @internal Runs an owned attempt. */
  static run(
    attempt: ResourceAttempt,
    options: Required<ExecuteOptions>,
  ): Promise<Result<ResourceOutcome>> {
    return attempt.#run(options);
  }

  /** Keeps the attempt opaque when logged or serialised. */
  toJSON(): { readonly facts: AuthorityFacts } {
    return { facts: this.facts };
  }
}
