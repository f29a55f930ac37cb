import { describe, expect, it } from 'vitest';
import type { ResourceOperation } from './operation-matrix.js';
import { providerFamilyHandlers } from './provider-families.js';
import { createResourceResolver } from './resolver.js';
import { createMemoryProviders } from './testing/memory-providers.js';

const resolver = createResourceResolver({
  families: providerFamilyHandlers(createMemoryProviders()),
});

async function run(operation: ResourceOperation, address: string): Promise<unknown> {
  const prepared = resolver.prepare(operation, address);
  if (!prepared.success) return { prepare: prepared.error.code, message: prepared.error.message };
  const outcome = await resolver.execute(prepared.value.attempt);
  if (!outcome.success) return { execute: outcome.error.code, message: outcome.error.message };
  const value = outcome.value;
  if (value.kind === 'listing')
    return {
      listing: value.entries.map(
        (entry) => `${entry.address}${entry.label ? ` [${entry.label}]` : ''}`,
      ),
    };
  if (value.kind === 'text') return { text: value.text };
  if (value.kind === 'file') return { file: [...value.data], media: value.media };
  if (value.kind === 'documents') return { documents: value.documents };
  return value;
}

describe('provider-backed families with in-memory providers', () => {
  it.each([
    [
      'read',
      'agent://',
      {
        listing: [
          'agent://root/busy',
          'agent://root/prose',
          'agent://root/worker',
          'agent://root/worker/child',
        ],
      },
    ],
    [
      'read',
      'agent://root/worker',
      { text: '{"items": [{"name": "a"}, null], "n": 2, "s": "text", "z": null}' },
    ],
    [
      'read',
      'agent://root/worker#',
      {
        text: '{\n  "items": [\n    {\n      "name": "a"\n    },\n    null\n  ],\n  "n": 2,\n  "s": "text",\n  "z": null\n}',
      },
    ],
    ['read', 'agent://root/worker#/items/0/name', { text: 'a' }],
    ['read', 'agent://root/worker#/items/1', { text: 'null' }],
    ['read', 'agent://root/worker#/z', { text: 'null' }],
    ['read', 'agent://root/worker#/n', { text: '2' }],
    [
      'read',
      'agent://root/worker#/missing',
      {
        execute: 'not-found',
        message: 'The JSON pointer of agent://root/worker#/missing selects nothing',
      },
    ],
    [
      'read',
      'agent://root/worker#/items/2',
      {
        execute: 'not-found',
        message: 'The JSON pointer of agent://root/worker#/items/2 selects nothing',
      },
    ],
    [
      'read',
      'agent://root/worker#/items/01',
      {
        execute: 'not-found',
        message: 'The JSON pointer of agent://root/worker#/items/01 selects nothing',
      },
    ],
    ['read', 'agent://root/worker/child', { text: '[outcome: interrupted]\npartial answer' }],
    [
      'read',
      'agent://root/busy',
      {
        execute: 'unavailable',
        message: 'agent://root/busy is not ready: the agent is still running',
      },
    ],
    [
      'read',
      'agent://root/prose#',
      {
        execute: 'invalid-json',
        message: 'The result of agent://root/prose is not one JSON value',
      },
    ],
    [
      'read',
      'agent://root/nobody',
      { execute: 'not-found', message: 'agent://root/nobody does not exist' },
    ],
    ['read', 'history://', { listing: ['history://root', 'history://root/worker'] }],
    ['read', 'history://root', { text: '# Root\n\nuser: hello\nassistant: hi\n' }],
    [
      'grep',
      'history://root/worker',
      { documents: [{ address: 'history://root/worker', text: '# Worker\n\nfound it\n' }] },
    ],
    [
      'grep',
      'history://',
      {
        prepare: 'unsupported-operation',
        message: 'Grep does not support history:// (family history)',
      },
    ],
    [
      'read',
      'mcp://',
      {
        listing: [
          'mcp://files%20server [available]',
          'mcp://github [available]',
          'mcp://offline [unavailable]',
        ],
      },
    ],
    ['read', 'mcp://github', { listing: ['mcp://github/repo%3A%2F%2Fowner%2Fname [Repository]'] }],
    ['read', 'mcp://github/repo%3A%2F%2Fowner%2Fname', { text: 'README body' }],
    [
      'read',
      'mcp://files%20server/file%3A%2F%2F%2Ftmp%2Fa.png',
      { file: [137, 80, 78, 71, 13, 10], media: true },
    ],
    ['read', 'mcp://offline', { execute: 'not-found', message: 'mcp://offline does not exist' }],
    [
      'read',
      'mcp://github/repo%3A%2F%2Fother',
      { execute: 'not-found', message: 'mcp://github/repo%3A%2F%2Fother does not exist' },
    ],
    ['read', 'shared://', { listing: ['shared://board-1 [Architecture]', 'shared://library'] }],
    ['read', 'shared://board-1', { text: 'a1b2 rectangle "API"\nc3d4 arrow' }],
    [
      'grep',
      'shared://board-1/elements',
      { documents: [{ address: 'shared://board-1/elements', text: 'part elements' }] },
    ],
    ['read', 'shared://library/shapes/sheet.png', { file: [137, 80], media: true }],
    [
      'grep',
      'shared://library/shapes',
      { documents: [{ address: 'shared://library/shapes', text: 'library shapes' }] },
    ],
    [
      'read',
      'shared://board-2',
      { execute: 'not-found', message: 'shared://board-2 does not exist' },
    ],
    [
      'read',
      'work://x',
      { prepare: 'unavailable', message: 'Resource family work is not available here: work://x' },
    ],
  ] as const)('%s %s', async (operation, address, expected) => {
    expect(await run(operation, address)).toEqual(expected);
  });

  it('reports a provider failure without its message and passes a provider ResourceError through', async () => {
    const failing = createResourceResolver({
      families: providerFamilyHandlers({
        history: {
          list: async () => {
            throw Object.assign(new Error('/private/store/index.json is corrupt'), {
              code: 'EBADF',
            });
          },
          render: async () => undefined,
        },
      }),
    });
    const prepared = failing.prepare('read', 'history://');
    if (!prepared.success) throw prepared.error;
    const outcome = await failing.execute(prepared.value.attempt);
    expect(
      outcome.success
        ? undefined
        : [outcome.error.code, outcome.error.message, outcome.error.systemCode],
    ).toEqual(['io-failed', 'Could not access history://', 'EBADF']);
  });
});
