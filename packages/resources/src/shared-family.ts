import type { SharedAddress } from './address-types.js';
import { ResourceError } from './errors.js';
import type { FamilyHandler, ResourceContext } from './family-handler.js';
import { formatAddress } from './format-address.js';
import type { ListingEntry, ResourceOutcome } from './outcome-types.js';
import { listingOf, notFound } from './provider-helpers.js';
import type { SharedProvider } from './providers.js';
import { fail, ok, type Result } from './result.js';

/** `shared://`: shared documents, their text views and the element libraries. */
export function sharedHandler(provider: SharedProvider): FamilyHandler<SharedAddress> {
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
