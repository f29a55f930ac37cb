import { describe, expect, it } from 'vitest';
import { bashTool, fetchTool, readTool, writeTool } from '../testing/tools.js';
import { compileGlob } from './glob.js';
import { PermissionPolicy } from './policy.js';
import type { PermissionFacts, PermissionMode, PermissionRule } from './types.js';

const policyOf = (rules: readonly PermissionRule[], mode: PermissionMode) =>
  new PermissionPolicy(rules, mode, { workingDirectory: '/ws', homeDirectory: '/home/u' });

const facts = (extra: Partial<PermissionFacts>): PermissionFacts => ({
  paths: [],
  pattern: undefined,
  domain: undefined,
  name: undefined,
  ...extra,
});
const writeFacts = (...paths: string[]) =>
  facts({ paths: paths.map((path) => ({ path, access: 'write' })) });

describe('compileGlob', () => {
  it('keeps * inside a segment, lets ** span directories and escapes with a backslash', () => {
    const glob = compileGlob('src/**/*.ts');
    expect(
      ['src/a.ts', 'src/x/y/a.ts', 'src/a.js', 'lib/a.ts'].map((path) => glob.test(path)),
    ).toEqual([true, true, false, false]);
    expect([compileGlob('a\\*').test('a*'), compileGlob('a\\*').test('ab')]).toEqual([true, false]);
    expect(compileGlob('git *', { anySeparator: true }).test('git log a/b')).toBe(true);
  });
});

describe('PermissionPolicy.decide', () => {
  it('lets any deny win over allow rules', () => {
    const policy = policyOf(
      [
        { tool: 'Write', action: 'allow' },
        { tool: 'Write', path: 'secrets/**', action: 'deny' },
      ],
      'ask',
    );
    expect(policy.decide(writeTool, writeFacts('src/a.ts', 'secrets/key'))).toEqual({
      decision: 'deny',
      reason: 'deny rule for Write path secrets/**',
      source: 'rule',
      rule: { tool: 'Write', path: 'secrets/**', action: 'deny' },
    });
  });

  it('prefers a matching specifier rule over a generic one', () => {
    const policy = policyOf(
      [
        { tool: 'Bash', action: 'ask' },
        { tool: 'Bash', pattern: 'git status*', action: 'allow' },
      ],
      'ask',
    );
    expect([
      policy.decide(bashTool, facts({ pattern: 'git status --short' })).decision,
      policy.decide(bashTool, facts({ pattern: 'rm -rf /' })).decision,
    ]).toEqual(['allow', 'ask']);
  });

  it('matches domains and falls back to the mode', () => {
    const policy = policyOf([{ tool: 'Fetch', domain: '*.example.com', action: 'deny' }], 'ask');
    expect([
      policy.decide(fetchTool, facts({ domain: 'api.example.com' })).decision,
      policy.decide(fetchTool, facts({ domain: 'example.org' })),
      policy.decide(writeTool, writeFacts('a')),
      policyOf([], 'edits').decide(writeTool, writeFacts('a')).decision,
      policyOf([], 'full-auto').decide(bashTool, facts({ pattern: 'x' })).decision,
    ]).toEqual([
      'deny',
      { decision: 'allow', reason: 'read-only tool', source: 'mode' },
      { decision: 'ask', reason: 'ask mode', source: 'mode' },
      'allow',
      'allow',
    ]);
  });

  it('asks when any path asks', () => {
    const policy = policyOf([{ tool: 'Write', path: 'src/**', action: 'allow' }], 'ask');
    expect([
      policy.decide(writeTool, writeFacts('src/a')).decision,
      policy.decide(writeTool, writeFacts('src/a', 'etc/b')).decision,
    ]).toEqual(['allow', 'ask']);
  });

  it('remembers exact specifiers for allow-always', () => {
    expect(policyOf([], 'ask').rememberedRules(bashTool, facts({ pattern: 'ls *' }))).toEqual([
      { tool: 'Bash', pattern: 'ls \\*', action: 'allow' },
    ]);
    expect(policyOf([], 'ask').rememberedRules(readTool, facts({}))).toEqual([
      { tool: 'Read', action: 'allow' },
    ]);
  });

  it('throws on a malformed rule', () => {
    expect(() => policyOf([{ tool: 'X', path: 'a', domain: 'b', action: 'allow' }], 'ask')).toThrow(
      'permission rule: one specifier per rule, received path, domain',
    );
    expect(() => policyOf([{ action: 'maybe' as never }], 'ask')).toThrow(TypeError);
  });
});

describe('destructive tools', () => {
  it('always ask outside full-auto when no rule decides', () => {
    const destructive = { ...readTool, destructive: true };
    expect([
      policyOf([], 'ask').decide(destructive, facts({})),
      policyOf([], 'full-auto').decide(destructive, facts({})).decision,
    ]).toEqual([{ decision: 'ask', reason: 'destructive tool', source: 'mode' }, 'allow']);
  });

  it('name the network as the reason when the tool reaches the open world', () => {
    const network = { ...readTool, destructive: true, annotations: { openWorldHint: true } };
    expect(policyOf([], 'ask').decide(network, facts({}))).toEqual({
      decision: 'ask',
      reason: 'network tool: it sends data to hosts outside this machine',
      source: 'mode',
    });
  });
});
