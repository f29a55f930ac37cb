import type {
  AgentAddress,
  Components,
  HistoryAddress,
  McpAddress,
  SharedAddress,
} from './address-types.js';
import { ResourceError } from './errors.js';
import type { FamilyHandler, ResourceContext, ResourceFamilyHandlers } from './family-handler.js';
import { formatAddress } from './format-address.js';
import { renderJsonValue, selectPointer } from './json-pointer.js';
import type { ListingEntry, ResourceOutcome } from './outcome-types.js';
import type {
  AgentProvider,
  HistoryProvider,
  McpProvider,
  ResourceProviders,
  RetainedAgent,
  SharedProvider,
} from './providers.js';
import { fail, ok, type Result } from './result.js';

function notFound(address: string): Result<never> {
  return fail(new ResourceError('not-found', `${address} does not exist`, { address }));
}

function listingOf(
  address: string,
  entries: ListingEntry[],
  limit: number,
): Result<ResourceOutcome> {
  return ok({
    kind: 'listing',
    address,
    entries: entries.slice(0, limit),
    truncated: entries.length > limit,
  });
}

function agentPathOf(components: Components): string {
  return ['/root', ...components].join('/');
}

// Registry paths become addresses; paths that are not `/root/…` are not addressable and skipped.
function retainedAddresses(
  agents: readonly RetainedAgent[],
  toAddress: (agent: Components) => string,
): ListingEntry[] {
  const entries: ListingEntry[] = [];
  for (const agent of [...agents].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  )) {
    const parts = agent.path.split('/');
    if (
      parts[0] !== '' ||
      parts[1] !== 'root' ||
      parts.slice(2).some((part) => part === '' || part === '.' || part === '..')
    )
      continue;
    try {
      entries.push({ address: toAddress(parts.slice(2)), kind: 'resource' });
    } catch {
      // A registry path this grammar cannot name is left out of the listing.
    }
  }
  return entries;
}

function agentHandler(provider: AgentProvider): FamilyHandler<AgentAddress> {
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

function historyHandler(provider: HistoryProvider): FamilyHandler<HistoryAddress> {
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

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function mcpHandler(provider: McpProvider): FamilyHandler<McpAddress> {
  return ({ address, authored, context }) => {
    const run = async (limit: number): Promise<Result<ResourceOutcome>> => {
      const { server, uri } = address;
      if (server === undefined) {
        const servers = [...(await provider.listServers(context))].sort((a, b) =>
          a.name < b.name ? -1 : 1,
        );
        const entries = servers.map(
          (info): ListingEntry => ({
            address: formatAddress({ family: 'mcp', server: info.name, uri: undefined }),
            kind: 'directory',
            label: info.available ? 'available' : 'unavailable',
          }),
        );
        return listingOf(authored, entries, limit);
      }
      if (uri === undefined) {
        const resources = await provider.listResources(server, context);
        if (resources === undefined) return notFound(authored);
        const entries = resources.map(
          (resource): ListingEntry => ({
            address: formatAddress({ family: 'mcp', server, uri: resource.uri }),
            kind: 'resource',
            ...(resource.name === undefined ? {} : { label: resource.name }),
          }),
        );
        return listingOf(authored, entries, limit);
      }
      const contents = await provider.readResource(server, uri, context);
      if (contents === undefined || contents.length === 0) return notFound(authored);
      const only = contents[0]!;
      if (contents.length === 1 && only.blob !== undefined) {
        const data = decodeBase64(only.blob);
        return ok({ kind: 'file', address: authored, size: data.byteLength, data, media: true });
      }
      const text = contents
        .map((item) => item.text ?? `[binary content: ${item.mimeType ?? 'unknown type'}]`)
        .join('\n');
      return ok({
        kind: 'text',
        address: authored,
        text,
        ...(only.mimeType === undefined ? {} : { mimeType: only.mimeType }),
      });
    };
    return ok({ scope: 'host', execute: (limits) => run(limits.listLimit) });
  };
}

function sharedHandler(provider: SharedProvider): FamilyHandler<SharedAddress> {
  return ({ address, authored, operation, context }) => {
    const run = async (
      limit: number,
      scoped: ResourceContext,
    ): Promise<Result<ResourceOutcome>> => {
      const { target } = address;
      if (target.kind === 'listing') {
        const documents = [...(await provider.list(scoped))].sort((a, b) => (a.id < b.id ? -1 : 1));
        const entries = documents.map(
          (document): ListingEntry => ({
            address: formatAddress({
              family: 'shared',
              target: { kind: 'document', id: document.id, part: [] },
            }),
            kind: 'resource',
            ...(document.title === undefined ? {} : { label: document.title }),
          }),
        );
        entries.push({ address: 'shared://library', kind: 'directory' });
        return listingOf(authored, entries, limit);
      }
      const content = await provider.read(target, scoped);
      if (content === undefined) return notFound(authored);
      if (content.kind === 'image') {
        if (operation === 'grep') {
          return fail(
            new ResourceError(
              'unsupported-operation',
              `Grep does not support the image ${authored}`,
              { address: authored },
            ),
          );
        }
        return ok({
          kind: 'file',
          address: authored,
          size: content.data.byteLength,
          data: content.data,
          media: true,
        });
      }
      if (operation === 'grep')
        return ok({
          kind: 'documents',
          address: authored,
          documents: [{ address: authored, text: content.text }],
        });
      return ok({ kind: 'text', address: authored, text: content.text });
    };
    return ok({ scope: 'host', execute: (limits) => run(limits.listLimit, context) });
  };
}

/** Family handlers for the host-owned families whose providers are given. */
export function providerFamilyHandlers(providers: ResourceProviders): ResourceFamilyHandlers {
  return {
    ...(providers.agent === undefined ? {} : { agent: agentHandler(providers.agent) }),
    ...(providers.history === undefined ? {} : { history: historyHandler(providers.history) }),
    ...(providers.mcp === undefined ? {} : { mcp: mcpHandler(providers.mcp) }),
    ...(providers.shared === undefined ? {} : { shared: sharedHandler(providers.shared) }),
  };
}
