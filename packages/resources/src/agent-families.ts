import type { AgentAddress, HistoryAddress } from './address-types.js';
import { ResourceError } from './errors.js';
import type { FamilyHandler } from './family-handler.js';
import { formatAddress } from './format-address.js';
import { renderJsonValue, selectPointer } from './json-pointer.js';
import type { ResourceOutcome } from './outcome-types.js';
import { agentPathOf, listingOf, notFound, retainedAddresses } from './provider-helpers.js';
import type { AgentProvider, HistoryProvider } from './providers.js';
import { fail, ok, type Result } from './result.js';

/** `agent://`: retained agents' latest settled results, with optional JSON pointer selection. */
export function agentHandler(provider: AgentProvider): FamilyHandler<AgentAddress> {
  return ({ address, authored, context }) => {
    const run = async (limit: number): Promise<Result<ResourceOutcome>> => {
      if (address.agent === undefined) {
        const agents = (await provider.list(context)).filter((agent) => agent.path !== '/root');
        const entries = retainedAddresses(agents, (agent) =>
          formatAddress({ family: 'agent', agent, pointer: undefined }),
        );
        return listingOf(authored, entries, limit);
      }
      const result = await provider.read(agentPathOf(address.agent), context);
      if (result === undefined) return notFound(authored);
      if (result.state === 'running') {
        return fail(
          new ResourceError('unavailable', `${authored} is not ready: the agent is still running`, {
            address: authored,
          }),
        );
      }
      const outcome = result.outcome === 'completed' ? '' : `[outcome: ${result.outcome}]\n`;
      if (address.pointer === undefined)
        return ok({ kind: 'text', address: authored, text: `${outcome}${result.payload}` });
      let document: unknown;
      try {
        document = JSON.parse(result.payload.trim());
      } catch {
        return fail(
          new ResourceError(
            'invalid-json',
            `The result of ${authored.split('#')[0]} is not one JSON value`,
            { address: authored },
          ),
        );
      }
      const selected = selectPointer(document, address.pointer);
      if ('missing' in selected) {
        return fail(
          new ResourceError('not-found', `The JSON pointer of ${authored} selects nothing`, {
            address: authored,
          }),
        );
      }
      return ok({
        kind: 'text',
        address: authored,
        text: renderJsonValue(selected.value),
        mimeType: 'application/json',
      });
    };
    return ok({ scope: 'host', execute: (limits) => run(limits.listLimit) });
  };
}

/** `history://` and `history://root[/PATH]`: live conversation projections. */
export function historyHandler(provider: HistoryProvider): FamilyHandler<HistoryAddress> {
  return ({ address, authored, operation, context }) => {
    const run = async (limit: number): Promise<Result<ResourceOutcome>> => {
      if (address.agent === undefined) {
        const entries = retainedAddresses(await provider.list(context), (agent) =>
          formatAddress({ family: 'history', agent }),
        );
        return listingOf(authored, entries, limit);
      }
      const text = await provider.render(agentPathOf(address.agent), context);
      if (text === undefined) return notFound(authored);
      if (operation === 'grep')
        return ok({
          kind: 'documents',
          address: authored,
          documents: [{ address: authored, text }],
        });
      return ok({ kind: 'text', address: authored, text, mimeType: 'text/markdown' });
    };
    return ok({ scope: 'host', execute: (limits) => run(limits.listLimit) });
  };
}
