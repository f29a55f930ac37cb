import fc from 'fast-check';
import type { ResourceAddress, SharedTarget, SkillLocator } from '../address-types.js';
import { skillOrigins } from '../address-types.js';

const tricky = [...'abcXYZ019.-_~%/\\:@#?! é😀\u00a0'];

function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function isComponent(text: string): boolean {
  if (text === '' || text === '.' || text === '..') return false;
  if (text.includes('/') || text.includes('\\') || hasControl(text)) return false;
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** One path component: any well-formed text except "", ".", "..", separators and controls. */
export const componentArbitrary: fc.Arbitrary<string> = fc
  .oneof(
    fc.string({ unit: fc.constantFrom(...tricky), minLength: 1, maxLength: 8 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }),
  )
  .filter(isComponent);

const pathArbitrary = fc.array(componentArbitrary, { maxLength: 4 });
const keyArbitrary = fc.stringMatching(/^[0-9a-f]{64}$/);
const opaqueArbitrary = fc
  .string({ unit: fc.constantFrom(...tricky, ...'/'), minLength: 1, maxLength: 10 })
  .filter((text) => text !== '.' && text !== '..' && !hasControl(text));

const locatorArbitrary: fc.Arbitrary<SkillLocator> = fc.oneof(
  fc.record({ kind: fc.constant('exact' as const), name: componentArbitrary, key: keyArbitrary }),
  fc
    .record({
      kind: fc.constant('alias' as const),
      origin: fc.constantFrom(...skillOrigins),
      plugin: componentArbitrary,
      name: componentArbitrary,
    })
    .map((alias) => ({ ...alias, plugin: alias.origin === 'plugin' ? alias.plugin : undefined })),
);

const sharedArbitrary: fc.Arbitrary<SharedTarget> = fc.oneof(
  fc.constant({ kind: 'listing' as const }),
  fc.record({
    kind: fc.constant('library' as const),
    name: fc.option(
      componentArbitrary.filter((name) => name !== 'sheet.png'),
      { nil: undefined },
    ),
    sheet: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('document' as const),
    id: fc.stringMatching(/^[a-zA-Z0-9_-]{1,80}$/).filter((id) => id !== 'library'),
    part: pathArbitrary,
  }),
);

/** Any well-formed parsed address, across all eleven families. */
export const addressArbitrary: fc.Arbitrary<ResourceAddress> = fc.oneof(
  fc
    .record({
      family: fc.constant('work' as const),
      scope: fc.constantFrom('session' as const, 'workspace' as const),
      path: pathArbitrary,
    })
    .filter((work) => work.scope === 'workspace' || work.path[0] !== 'shared'),
  fc.record({
    family: fc.constant('artifact' as const),
    handle: fc.option(componentArbitrary, { nil: undefined }),
  }),
  fc.oneof(
    fc.constant({ family: 'skill' as const, locator: undefined, path: [] }),
    fc.record({
      family: fc.constant('skill' as const),
      locator: locatorArbitrary,
      path: pathArbitrary,
    }),
  ),
  fc.oneof(
    fc.constant({ family: 'agent' as const, agent: undefined, pointer: undefined }),
    fc.record({
      family: fc.constant('agent' as const),
      agent: fc.array(componentArbitrary, { minLength: 1, maxLength: 3 }),
      pointer: fc.option(
        fc.array(fc.string({ unit: fc.constantFrom(...tricky, '~', '/') }), { maxLength: 3 }),
        {
          nil: undefined,
        },
      ),
    }),
  ),
  fc.record({
    family: fc.constant('history' as const),
    agent: fc.option(pathArbitrary, { nil: undefined }),
  }),
  fc.record({ family: fc.constant('history-saved' as const), path: pathArbitrary }),
  fc.oneof(
    fc.constant({ family: 'memory' as const, key: undefined, path: [] }),
    fc.record({ family: fc.constant('memory' as const), key: keyArbitrary, path: pathArbitrary }),
  ),
  fc.record({
    family: fc.constant('journal' as const),
    file: fc.option(componentArbitrary, { nil: undefined }),
  }),
  fc.oneof(
    fc.constant({ family: 'mcp' as const, server: undefined, uri: undefined }),
    fc.record({
      family: fc.constant('mcp' as const),
      server: opaqueArbitrary,
      uri: fc.option(opaqueArbitrary, { nil: undefined }),
    }),
  ),
  fc.record({ family: fc.constant('shared' as const), target: sharedArbitrary }),
  fc.record({ family: fc.constant('toolcall' as const), path: pathArbitrary }),
);

/** Respells a canonical address the way careless writers do: lowercase hex, escaped unreserved bytes. */
export function respell(canonical: string, choices: readonly number[]): string {
  let index = 0;
  const pick = () => choices[index++ % Math.max(choices.length, 1)] ?? 0;
  const schemeEnd = canonical.indexOf('://') + 3;
  const body = canonical.slice(schemeEnd).replace(/%[0-9A-F]{2}|[A-Za-z0-9_~-]/g, (token) => {
    const choice = pick() % 3;
    if (token.length === 3) return choice === 0 ? token.toLowerCase() : token;
    if (choice === 0) return `%${token.charCodeAt(0).toString(16)}`;
    if (choice === 1) return `%${token.charCodeAt(0).toString(16).toUpperCase()}`;
    return token;
  });
  return canonical.slice(0, schemeEnd) + body;
}
