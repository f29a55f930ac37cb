import type { ResourceFamilyHandlers } from '../family-handler.js';
import { providerFamilyHandlers } from '../provider-families.js';
import { createResourceResolver, type ResourceResolver } from '../resolver.js';
import { docsHandler } from './docs-family.js';
import { journalHandler, memoryHandler } from './memory-families.js';
import { type NodeResourcesOptions, normalizeNodeOptions } from './node-options.js';
import { artifactHandler, savedHistoryHandler, workHandler } from './session-families.js';
import { skillHandler } from './skill-family.js';

/** The filesystem-backed family handlers (plus any injected providers), for composing a resolver. */
export function createNodeFamilyHandlers(options: NodeResourcesOptions): ResourceFamilyHandlers {
  const normalized = normalizeNodeOptions(options);
  return {
    ...providerFamilyHandlers(normalized.providers),
    work: workHandler(normalized),
    artifact: artifactHandler(normalized),
    'history-saved': savedHistoryHandler(normalized),
    memory: memoryHandler(normalized),
    journal: journalHandler(normalized),
    skill: skillHandler(normalized),
    ...(normalized.docsDirectory === undefined
      ? {}
      : { toolcall: docsHandler(normalized.docsDirectory, normalized.prepareCache) }),
  };
}

/** A resolver over the on-disk session, workspace, memory, skill and docs families and the given providers. */
export function createNodeResources(options: NodeResourcesOptions): ResourceResolver {
  return createResourceResolver({ families: createNodeFamilyHandlers(options) });
}
