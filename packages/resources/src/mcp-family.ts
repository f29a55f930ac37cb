import type { McpAddress } from './address-types.js';
import type { FamilyHandler } from './family-handler.js';
import { formatAddress } from './format-address.js';
import type { ListingEntry, ResourceOutcome } from './outcome-types.js';
import { listingOf, notFound } from './provider-helpers.js';
import type { McpProvider } from './providers.js';
import { ok, type Result } from './result.js';

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** `mcp://`: configured servers, their advertised resources and fresh reads. */
export function mcpHandler(provider: McpProvider): FamilyHandler<McpAddress> {
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
