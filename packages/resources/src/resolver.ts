import { type ResourceFamily, resourceFamilies, schemeOf } from './address-types.js';
import { ResourceError } from './errors.js';
import type {
  FamilyHandler,
  FamilyPreparation,
  ResourceContext,
  ResourceFamilyHandlers,
} from './family-handler.js';
import {
  isOperationAllowed,
  type ResourceOperation,
  resourceOperations,
  toolNameOf,
} from './operation-matrix.js';
import type { ExecuteOptions, ResourceOutcome } from './outcome-types.js';
import { parseAddress } from './parse-address.js';
import { type AuthorityFacts, ResourceAttempt } from './resource-attempt.js';
import { fail, ok, type Result } from './result.js';

/** A prepared operation: the opaque attempt and the facts permission needs. */
export interface PreparedResource {
  readonly attempt: ResourceAttempt;
  readonly facts: AuthorityFacts;
}

/** Validates and resolves addresses (prepare), then runs authorised attempts (execute). */
export interface ResourceResolver {
  /** The families this resolver can serve. */
  readonly families: readonly ResourceFamily[];
  /** Parses, checks the matrix and resolves without reading content. */
  prepare(
    operation: ResourceOperation,
    address: string,
    context?: ResourceContext,
  ): Result<PreparedResource>;
  /** Runs a prepared attempt after permission; missing targets fail here. */
  execute(attempt: ResourceAttempt, options?: ExecuteOptions): Promise<Result<ResourceOutcome>>;
}

const emptyContext: ResourceContext = Object.freeze({});
const operations = new Set<string>(resourceOperations);

function normalizeExecuteOptions(options: ExecuteOptions | undefined): Required<ExecuteOptions> {
  const maxBytes = options?.maxBytes ?? 256 * 1024 * 1024;
  const listLimit = options?.listLimit ?? 1000;
  if (!Number.isInteger(maxBytes) || maxBytes < 0) {
    throw new TypeError(
      `Expected options.maxBytes to be a non-negative integer, received ${String(maxBytes)}`,
    );
  }
  if (!Number.isInteger(listLimit) || listLimit < 1) {
    throw new TypeError(
      `Expected options.listLimit to be a positive integer, received ${String(listLimit)}`,
    );
  }
  return { maxBytes, listLimit };
}

/** Creates a resolver over the given family handlers (families without one are unavailable). */
export function createResourceResolver(options: {
  readonly families: ResourceFamilyHandlers;
}): ResourceResolver {
  const handlers = Object.assign(Object.create(null), options.families) as ResourceFamilyHandlers;
  const owner = {};
  const available = resourceFamilies.filter((family) => typeof handlers[family] === 'function');

  const prepare = (
    operation: ResourceOperation,
    text: string,
    context: ResourceContext = emptyContext,
  ): Result<PreparedResource> => {
    if (!operations.has(operation)) {
      throw new TypeError(
        `Expected operation to be one of ${resourceOperations.join(', ')}, received ${String(operation)}`,
      );
    }
    const parsed = parseAddress(text);
    if (!parsed.success) return parsed;
    const address = parsed.value;
    const family = address.family;
    if (!isOperationAllowed(address, operation)) {
      return fail(
        new ResourceError(
          'unsupported-operation',
          `${toolNameOf(operation)} does not support ${text} (family ${family})`,
          { address: text },
        ),
      );
    }
    const handler = handlers[family] as FamilyHandler<typeof address> | undefined;
    if (handler === undefined) {
      return fail(
        new ResourceError(
          'unavailable',
          `Resource family ${family} is not available here: ${text}`,
          {
            address: text,
          },
        ),
      );
    }
    const prepared: Result<FamilyPreparation> = handler({
      operation,
      address,
      authored: text,
      context,
    });
    if (!prepared.success) return prepared;
    const facts: AuthorityFacts = {
      operation,
      access: operation === 'apply-patch' ? 'write' : 'read',
      scheme: schemeOf(family),
      family,
      address: text,
      target: prepared.value.target ?? text,
      scope: prepared.value.scope,
    };
    const run = prepared.value.execute;
    return ok({ attempt: new ResourceAttempt(facts, run, owner), facts });
  };

  const execute = async (
    attempt: ResourceAttempt,
    executeOptions?: ExecuteOptions,
  ): Promise<Result<ResourceOutcome>> => {
    const normalized = normalizeExecuteOptions(executeOptions);
    if (!ResourceAttempt.isOwnedBy(attempt, owner)) {
      throw new TypeError('Expected attempt to be a ResourceAttempt prepared by this resolver');
    }
    try {
      return await ResourceAttempt.run(attempt, normalized);
    } catch (error) {
      if (ResourceError.isInstance(error)) return fail(error);
      // A foreign error's message may name a backing path, so only its code survives.
      const systemCode = (error as { code?: unknown } | null)?.code;
      return fail(
        new ResourceError('io-failed', `Could not access ${attempt.facts.address}`, {
          address: attempt.facts.address,
          ...(typeof systemCode === 'string' ? { systemCode } : {}),
        }),
      );
    }
  };

  return { families: available, prepare, execute };
}
