import { agentHandler, historyHandler } from './agent-families.js';
import type { ResourceFamilyHandlers } from './family-handler.js';
import { mcpHandler } from './mcp-family.js';
import type { ResourceProviders } from './providers.js';
import { sharedHandler } from './shared-family.js';

/** Family handlers for the host-owned families whose providers are given. */
export function providerFamilyHandlers(providers: ResourceProviders): ResourceFamilyHandlers {
  return {
    ...(providers.agent === undefined ? {} : { agent: agentHandler(providers.agent) }),
    ...(providers.history === undefined ? {} : { history: historyHandler(providers.history) }),
    ...(providers.mcp === undefined ? {} : { mcp: mcpHandler(providers.mcp) }),
    ...(providers.shared === undefined ? {} : { shared: sharedHandler(providers.shared) }),
  };
}
