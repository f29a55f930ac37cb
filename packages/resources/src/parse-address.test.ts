import { describe, expect, it } from 'vitest';
import type { ResourceFamily } from './address-types.js';
import type { AddressIssue, ResourceErrorCode } from './errors.js';
import { formatAddress } from './format-address.js';
import { canonicalizeAddress, isAddressLike, parseAddress } from './parse-address.js';

const hex = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

// Canonical addresses: parse succeeds in the family and formats back to the same text.
const valid: readonly (readonly [string, ResourceFamily])[] = [
  ['work://', 'work'],
  ['work://a', 'work'],
  ['work://a/b/c.txt', 'work'],
  ['work://shared', 'work'],
  ['work://shared/notes.md', 'work'],
  ['work://.hidden', 'work'],
  ['work://...', 'work'],
  ['work://a.b', 'work'],
  ['work://~user', 'work'],
  ['work://a-b_c~d.e', 'work'],
  ['work://%20', 'work'],
  ['work://a%20b', 'work'],
  ['work://%C3%A4', 'work'],
  ['work://%E2%9C%93', 'work'],
  ['work://%F0%9F%98%80', 'work'],
  ['work://%25', 'work'],
  ['work://%3A', 'work'],
  ['work://a%40b', 'work'],
  ['work://%23', 'work'],
  ['work://%3F', 'work'],
  ['work://%EF%BB%BFbom', 'work'],
  ['artifact://', 'artifact'],
  ['artifact://bash-1.txt', 'artifact'],
  ['artifact://WebFetch-abc.pdf', 'artifact'],
  ['skill://', 'skill'],
  [`skill://pdf@${hex}`, 'skill'],
  [`skill://pdf@${hex}/SKILL.md`, 'skill'],
  [`skill://pdf@${hex}/scripts/run.sh`, 'skill'],
  [`skill://my%20skill@${hex}`, 'skill'],
  ['skill://local-toolcall/pdf', 'skill'],
  ['skill://local-agents/pdf/SKILL.md', 'skill'],
  ['skill://global-toolcall/x', 'skill'],
  ['skill://global-agents/x', 'skill'],
  ['skill://bundled/x', 'skill'],
  ['skill://managed/x', 'skill'],
  ['skill://plugin/p/x', 'skill'],
  ['skill://plugin/p/x/a/b', 'skill'],
  ['agent://', 'agent'],
  ['agent://root/worker', 'agent'],
  ['agent://root/a/b', 'agent'],
  ['agent://root/w#', 'agent'],
  ['agent://root/w#/', 'agent'],
  ['agent://root/w#/a/0', 'agent'],
  ['agent://root/w#/a~1b', 'agent'],
  ['agent://root/w#/~0', 'agent'],
  ['agent://root/w#/%20', 'agent'],
  ['history://', 'history'],
  ['history://root', 'history'],
  ['history://root/worker', 'history'],
  ['history://saved', 'history-saved'],
  ['history://saved/s1', 'history-saved'],
  ['history://saved/s1/seg.md', 'history-saved'],
  ['memory://root', 'memory'],
  [`memory://${hex}`, 'memory'],
  [`memory://${hex}/topic.md`, 'memory'],
  [`memory://${hex}/a/b.md`, 'memory'],
  ['memory://journal/', 'journal'],
  ['memory://journal/2024-01-01T00%3A00%3A00.md', 'journal'],
  ['mcp://', 'mcp'],
  ['mcp://github', 'mcp'],
  ['mcp://github/repo%3A%2F%2Fowner%2Fname', 'mcp'],
  ['mcp://my%20server/file%3A%2F%2F%2Ftmp%2Fx', 'mcp'],
  ['mcp://s/a%23b', 'mcp'],
  ['shared://', 'shared'],
  ['shared://doc_1', 'shared'],
  ['shared://doc-1/elements', 'shared'],
  ['shared://abc/x/y', 'shared'],
  ['shared://library', 'shared'],
  ['shared://library/shapes', 'shared'],
  ['shared://library/shapes/sheet.png', 'shared'],
  ['shared://library/sheet.png', 'shared'],
  ['toolcall://', 'toolcall'],
  ['toolcall://tools', 'toolcall'],
  ['toolcall://tools/files.md', 'toolcall'],
  ['toolcall://ptc-dialect.md', 'toolcall'],
];

type Invalid = readonly [
  text: string,
  code: ResourceErrorCode,
  issue: AddressIssue,
  canonical?: string,
];

// Rejected addresses: code, the rule broken and, for spelling problems, the canonical form.
const invalid: readonly Invalid[] = [
  ['work:/a', 'invalid-address', 'not-an-address'],
  ['a:b', 'invalid-address', 'not-an-address'],
  ['C://Users/x', 'invalid-address', 'not-an-address'],
  ['', 'invalid-address', 'not-an-address'],
  ['/abs/path', 'invalid-address', 'not-an-address'],
  ['foo://x', 'unknown-scheme', 'grammar'],
  ['http://example.com', 'unknown-scheme', 'grammar'],
  ['https://example.com/a', 'unknown-scheme', 'grammar'],
  ['file:///etc/passwd', 'unknown-scheme', 'grammar'],
  ['mevedel://tools/files.md', 'unknown-scheme', 'grammar'],
  ['local://x', 'unknown-scheme', 'grammar'],
  ['WORK://a', 'invalid-address', 'noncanonical', 'work://a'],
  ['Work://a', 'invalid-address', 'noncanonical', 'work://a'],
  ['work://a%2eb', 'invalid-address', 'noncanonical', 'work://a.b'],
  ['work://%c3%a4', 'invalid-address', 'noncanonical', 'work://%C3%A4'],
  ['work://a b', 'invalid-address', 'noncanonical', 'work://a%20b'],
  ['work://é', 'invalid-address', 'noncanonical', 'work://%C3%A9'],
  ['work://a%41', 'invalid-address', 'noncanonical', 'work://aA'],
  ['work://a%7E', 'invalid-address', 'noncanonical', 'work://a~'],
  ['work://a:b', 'invalid-address', 'noncanonical', 'work://a%3Ab'],
  ['work://a@b', 'invalid-address', 'noncanonical', 'work://a%40b'],
  ['work://a?x', 'invalid-address', 'noncanonical', 'work://a%3Fx'],
  ['work://a!', 'invalid-address', 'noncanonical', 'work://a%21'],
  ['work://a*(x)', 'invalid-address', 'noncanonical', 'work://a%2A%28x%29'],
  ['toolcall://😀', 'invalid-address', 'noncanonical', 'toolcall://%F0%9F%98%80'],
  [`skill://pdf@${hex.toUpperCase()}`, 'invalid-address', 'noncanonical', `skill://pdf@${hex}`],
  [`memory://${hex.toUpperCase()}/a`, 'invalid-address', 'noncanonical', `memory://${hex}/a`],
  ['agent://root/w#/a b', 'invalid-address', 'noncanonical', 'agent://root/w#/a%20b'],
  ['work://a/', 'invalid-address', 'trailing-slash', 'work://a'],
  ['work://shared/', 'invalid-address', 'trailing-slash', 'work://shared'],
  ['memory://journal', 'invalid-address', 'trailing-slash', 'memory://journal/'],
  ['toolcall://tools/', 'invalid-address', 'trailing-slash', 'toolcall://tools'],
  ['history://saved/', 'invalid-address', 'trailing-slash', 'history://saved'],
  ['work://a%ZZ', 'invalid-address', 'malformed-escape'],
  ['work://a%', 'invalid-address', 'malformed-escape'],
  ['work://a%2', 'invalid-address', 'malformed-escape'],
  ['work://%G0', 'invalid-address', 'malformed-escape'],
  ['mcp://s/%zz', 'invalid-address', 'malformed-escape'],
  ['work://%FF', 'invalid-address', 'invalid-utf8'],
  ['work://%C0%AF', 'invalid-address', 'invalid-utf8'],
  ['work://%C3', 'invalid-address', 'invalid-utf8'],
  ['work://%ED%A0%80', 'invalid-address', 'invalid-utf8'],
  ['work://%E2%82', 'invalid-address', 'invalid-utf8'],
  ['work://a%2Fb', 'invalid-address', 'decoded-separator'],
  ['work://a%2fb', 'invalid-address', 'decoded-separator'],
  ['work://a%5Cb', 'invalid-address', 'decoded-separator'],
  ['toolcall://%2F', 'invalid-address', 'decoded-separator'],
  ['agent://root/w#/a%2Fb', 'invalid-address', 'decoded-separator'],
  ['work://..', 'invalid-address', 'traversal'],
  ['work://.', 'invalid-address', 'traversal'],
  ['work://a/../b', 'invalid-address', 'traversal'],
  ['work://a/./b', 'invalid-address', 'traversal'],
  ['work://a/%2e%2E/b', 'invalid-address', 'traversal'],
  ['work://%2E%2E', 'invalid-address', 'traversal'],
  ['work://shared/..', 'invalid-address', 'traversal'],
  ['artifact://..', 'invalid-address', 'traversal'],
  ['toolcall://../x', 'invalid-address', 'traversal'],
  ['history://saved/..', 'invalid-address', 'traversal'],
  ['skill://local-toolcall/..', 'invalid-address', 'traversal'],
  [`memory://${hex}/..`, 'invalid-address', 'traversal'],
  ['mcp://s/..', 'invalid-address', 'traversal'],
  ['work://a//b', 'invalid-address', 'empty-component'],
  ['toolcall://a//b', 'invalid-address', 'empty-component'],
  ['history://saved//x', 'invalid-address', 'empty-component'],
  ['work:///a', 'invalid-address', 'absolute-component'],
  ['work:///etc/passwd', 'invalid-address', 'absolute-component'],
  ['mcp:///x', 'invalid-address', 'absolute-component'],
  ['toolcall:///', 'invalid-address', 'absolute-component'],
  ['work://a%00b', 'invalid-address', 'control-character'],
  ['work://a%0Ab', 'invalid-address', 'control-character'],
  ['work://%7F', 'invalid-address', 'control-character'],
  ['work://a\u0000b', 'invalid-address', 'control-character'],
  ['work://a\nb', 'invalid-address', 'control-character'],
  ['mcp://s/%00', 'invalid-address', 'control-character'],
  ['work://a#b', 'invalid-address', 'fragment'],
  ['artifact://x#', 'invalid-address', 'fragment'],
  ['agent://#x', 'invalid-address', 'fragment'],
  ['history://root#x', 'invalid-address', 'fragment'],
  ['artifact://a/b', 'invalid-address', 'grammar'],
  ['skill://pdf', 'invalid-address', 'grammar'],
  ['skill://unknown/x', 'invalid-address', 'grammar'],
  ['skill://local-toolcall', 'invalid-address', 'grammar'],
  ['skill://plugin/p', 'invalid-address', 'grammar'],
  [`skill://@${hex}`, 'invalid-address', 'grammar'],
  ['skill://pdf@abc', 'invalid-address', 'grammar'],
  ['agent://worker', 'invalid-address', 'grammar'],
  ['agent://root', 'invalid-address', 'grammar'],
  ['agent://3f2a9c', 'invalid-address', 'grammar'],
  ['agent://root/w#a', 'invalid-address', 'grammar'],
  ['agent://root/w#/~2', 'invalid-address', 'grammar'],
  ['history://worker', 'invalid-address', 'grammar'],
  ['memory://', 'invalid-address', 'grammar'],
  ['memory://root/x', 'invalid-address', 'grammar'],
  ['memory://notahexkey/x', 'invalid-address', 'grammar'],
  ['memory://journal/a/b', 'invalid-address', 'grammar'],
  ['mcp://s/a/b', 'invalid-address', 'grammar'],
  [`shared://${'a'.repeat(81)}`, 'invalid-address', 'grammar'],
  ['shared://a.b', 'invalid-address', 'grammar'],
  ['shared://library/a/b', 'invalid-address', 'grammar'],
];

describe('parseAddress', () => {
  it('covers at least 100 addresses', () => {
    expect(valid.length + invalid.length).toBeGreaterThanOrEqual(100);
  });

  it.each(valid)('parses %s as a canonical %s address', (text, family) => {
    const parsed = parseAddress(text);
    if (!parsed.success) throw parsed.error;
    expect({ family: parsed.value.family, formatted: formatAddress(parsed.value) }).toEqual({
      family,
      formatted: text,
    });
  });

  const rows = invalid.map(([text, code, issue, canonical]) => ({ text, code, issue, canonical }));
  it.each(rows)('rejects $text as $code ($issue)', ({ text, code, issue, canonical }) => {
    const parsed = parseAddress(text);
    if (parsed.success) throw new Error(`expected ${text} to fail`);
    expect({
      code: parsed.error.code,
      issue: parsed.error.issue,
      canonical: parsed.error.canonical,
      address: parsed.error.address,
    }).toEqual({
      code,
      issue,
      canonical,
      address: text,
    });
  });

  it('returns the structured address for each grammar', () => {
    const texts = [
      'work://shared/a/b',
      `skill://plugin/p/x/SKILL.md`,
      'agent://root/a/b#/x~1y/0',
      'history://root',
      'mcp://my%20server/file%3A%2F%2F%2Ftmp',
      'shared://library/sheet.png',
    ];
    expect(texts.map((text) => parseAddress(text))).toEqual([
      { success: true, value: { family: 'work', scope: 'workspace', path: ['a', 'b'] } },
      {
        success: true,
        value: {
          family: 'skill',
          locator: { kind: 'alias', origin: 'plugin', plugin: 'p', name: 'x' },
          path: ['SKILL.md'],
        },
      },
      { success: true, value: { family: 'agent', agent: ['a', 'b'], pointer: ['x/y', '0'] } },
      { success: true, value: { family: 'history', agent: [] } },
      { success: true, value: { family: 'mcp', server: 'my server', uri: 'file:///tmp' } },
      {
        success: true,
        value: { family: 'shared', target: { kind: 'library', name: undefined, sheet: true } },
      },
    ]);
  });

  it('names the authored address and the canonical form in the message', () => {
    const parsed = parseAddress('work://a%2eb');
    expect(parsed.success ? undefined : parsed.error.message).toBe(
      'Invalid resource address work://a%2eb: escape %2e names the unreserved .; the canonical form is work://a.b',
    );
  });
});

describe('canonicalizeAddress', () => {
  it('rewrites spelling problems and still rejects traversal', () => {
    expect([
      canonicalizeAddress('work://a%2eb/%c3%a4 x/'),
      canonicalizeAddress('MEMORY://journal'),
      canonicalizeAddress('work://a/%2e%2e').success,
    ]).toEqual([
      { success: true, value: 'work://a.b/%C3%A4%20x' },
      { success: true, value: 'memory://journal/' },
      false,
    ]);
  });
});

describe('canonicalizeAddress regressions found by fast-check', () => {
  it('decodes escaped structural keywords before matching them', () => {
    expect([
      canonicalizeAddress('memory://%72oot'),
      canonicalizeAddress('agent://%72%6f%6f%74/%20'),
      canonicalizeAddress(`skill://pdf@%65${hex.slice(1)}`),
      canonicalizeAddress('history://%73aved/s1'),
      canonicalizeAddress('memory://%6Aournal/x'),
    ]).toEqual([
      { success: true, value: 'memory://root' },
      { success: true, value: 'agent://root/%20' },
      { success: true, value: `skill://pdf@${hex}` },
      { success: true, value: 'history://saved/s1' },
      { success: true, value: 'memory://journal/x' },
    ]);
  });
});

describe('isAddressLike', () => {
  it('returns true only for scheme:// text with a scheme of two or more characters', () => {
    expect(
      ['work://a', 'foo://', 'C://x', 'a:b', 'notes.txt', 'x+y://z'].map(isAddressLike),
    ).toEqual([true, true, false, false, false, true]);
  });
});
