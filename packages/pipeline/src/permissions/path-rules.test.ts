import { describe, expect, it } from 'vitest';
import { copyTool, readTool, writeTool } from '../testing/tools.js';
import { PermissionPolicy } from './policy.js';
import type { PermissionFacts, PermissionRule } from './types.js';

const base = { workingDirectory: '/ws', homeDirectory: '/home/u' };
const policyOf = (...rules: PermissionRule[]) => new PermissionPolicy(rules, 'ask', base);
const writeFacts = (...paths: string[]): PermissionFacts => ({
  paths: paths.map((path) => ({ path, access: 'write' })),
  pattern: undefined,
  domain: undefined,
  name: undefined,
});
const decisionsOf = (policy: PermissionPolicy, paths: readonly string[]) =>
  Object.fromEntries(paths.map((path) => [path, policy.decide(writeTool, writeFacts(path))]));

// Every one of these names /ws/.env.
const ENV_SPELLINGS = [
  '.env',
  './.env',
  'src/../.env',
  'sub/./../.env',
  'sub//..//.env',
  '.env/',
  '../ws/.env',
  '/ws/.env',
  '//ws//.env',
  '/ws/sub/../.env',
];

describe('path rules judge canonical paths', () => {
  it('denies every spelling of a file under a relative deny rule', () => {
    const deny = {
      decision: 'deny',
      reason: 'deny rule for * path .env',
      source: 'rule',
      rule: { path: '.env', action: 'deny' },
    };
    const policy = policyOf(
      { tool: 'Write', path: 'src/**', action: 'allow' },
      { path: '.env', action: 'deny' },
    );
    expect(decisionsOf(policy, ENV_SPELLINGS)).toEqual(
      Object.fromEntries(ENV_SPELLINGS.map((path) => [path, deny])),
    );
  });

  it('denies every spelling of a file under an absolute deny rule', () => {
    const deny = {
      decision: 'deny',
      reason: 'deny rule for * path /ws/.env',
      source: 'rule',
      rule: { path: '/ws/.env', action: 'deny' },
    };
    const policy = policyOf(
      { tool: 'Write', action: 'allow' },
      { path: '/ws/.env', action: 'deny' },
    );
    expect(decisionsOf(policy, ENV_SPELLINGS)).toEqual(
      Object.fromEntries(ENV_SPELLINGS.map((path) => [path, deny])),
    );
  });

  it('denies every spelling under a `**/` deny rule, also in a directory below', () => {
    const policy = policyOf(
      { tool: 'Write', action: 'allow' },
      { path: '**/.env', action: 'deny' },
    );
    const spellings = [
      ...ENV_SPELLINGS,
      'sub/.env',
      'sub/./.env',
      'sub//.env',
      '/ws/sub/x/../.env',
    ];
    expect(
      spellings.filter((path) => policy.decide(writeTool, writeFacts(path)).decision !== 'deny'),
    ).toEqual([]);
  });

  it('allows a directory rule only for spellings that land inside the directory', () => {
    const policy = policyOf({ tool: 'Write', path: 'src/**', action: 'allow' });
    const allowed = (path: string) => policy.decide(writeTool, writeFacts(path)).decision;
    expect(
      Object.fromEntries(
        [
          'src/a.ts',
          './src/a.ts',
          'src/./a.ts',
          'src//a.ts',
          '/ws/src/a.ts',
          '../ws/src/a.ts',
          'src/x/../../src/b.ts',
          'src/../.env',
          'src/../../etc/passwd',
          'src/../src2/a.ts',
          '/ws/../src/a.ts',
          '../ws2/src/a.ts',
          'src',
          'src\\..\\.env',
        ].map((path) => [path, allowed(path)]),
      ),
    ).toEqual({
      'src/a.ts': 'allow',
      './src/a.ts': 'allow',
      'src/./a.ts': 'allow',
      'src//a.ts': 'allow',
      '/ws/src/a.ts': 'allow',
      '../ws/src/a.ts': 'allow',
      'src/x/../../src/b.ts': 'allow',
      'src/../.env': 'ask',
      'src/../../etc/passwd': 'ask',
      'src/../src2/a.ts': 'ask',
      '/ws/../src/a.ts': 'ask',
      '../ws2/src/a.ts': 'ask',
      // `src/**` covers what is below src, not the directory itself.
      src: 'ask',
      // A backslash is an ordinary character: this is one file name in the working directory.
      'src\\..\\.env': 'ask',
    });
  });

  it('matches absolute rules against relative spellings and the reverse', () => {
    const policy = policyOf(
      { tool: 'Write', path: '/ws/lib/**', action: 'allow' },
      { tool: 'Write', path: 'src/**', action: 'allow' },
    );
    expect(
      ['lib/a', './lib/../lib/a', '/ws/src/a', '//ws/./src/a', '/ws/lib2/a'].map(
        (path) => policy.decide(writeTool, writeFacts(path)).decision,
      ),
    ).toEqual(['allow', 'allow', 'allow', 'allow', 'ask']);
  });

  it('judges a path outside the working directory by its absolute form only', () => {
    const policy = policyOf(
      { tool: 'Write', path: '/other/**', action: 'allow' },
      { tool: 'Write', path: '../shared/**', action: 'allow' },
      { path: '/etc/**', action: 'deny' },
    );
    expect(
      ['../other/a', '/other/a', '../shared/a', '../../../etc/passwd', '/ws/../etc/x'].map(
        (path) => policy.decide(writeTool, writeFacts(path)).decision,
      ),
    ).toEqual(['allow', 'allow', 'ask', 'deny', 'deny']);
  });

  it('normalizes rule globs written with `./`, repeated or trailing slashes', () => {
    const policy = policyOf(
      { tool: 'Write', path: './src/**', action: 'allow' },
      { path: '/ws//./secret/', action: 'deny' },
    );
    expect(
      ['src/a', 'secret', './secret', 'secret/'].map(
        (path) => policy.decide(writeTool, writeFacts(path)).decision,
      ),
    ).toEqual(['allow', 'deny', 'deny', 'deny']);
  });

  it('matches resource addresses as written', () => {
    const policy = policyOf(
      { tool: 'Copy', path: 'artifact://keep/**', action: 'allow' },
      { tool: 'Copy', path: 'work://secret/**', action: 'deny' },
      { tool: 'Copy', path: '/ws/**', action: 'deny' },
    );
    const decide = (source: string) =>
      policy.decide(copyTool, {
        paths: [{ path: source, access: 'read' }],
        pattern: undefined,
        domain: undefined,
        name: undefined,
      }).decision;
    expect(
      ['artifact://keep/a', 'artifact://keep/../other', 'work://secret/a', 'work://x', 'a'].map(
        decide,
      ),
    ).toEqual(['allow', 'allow', 'deny', 'ask', 'deny']);
  });

  it('keeps the strictest verdict across paths, any deny first', () => {
    const policy = policyOf(
      { tool: 'Write', path: 'src/**', action: 'allow' },
      { tool: 'Write', path: 'src/gen/**', action: 'ask' },
      { path: '**/.env', action: 'deny' },
    );
    expect([
      policy.decide(writeTool, writeFacts('src/a', './src/b')).decision,
      policy.decide(writeTool, writeFacts('src/a', 'src/x/../gen/b')).decision,
      policy.decide(writeTool, writeFacts('src/gen/../../.env', 'src/a')),
    ]).toEqual([
      'allow',
      'ask',
      {
        decision: 'deny',
        reason: 'deny rule for * path **/.env',
        source: 'rule',
        rule: { path: '**/.env', action: 'deny' },
      },
    ]);
  });

  it('leaves read-only tools to the mode when no path rule matches', () => {
    const policy = policyOf({ tool: 'Write', path: 'src/**', action: 'allow' });
    expect(
      policy.decide(readTool, {
        paths: [{ path: 'src/../x', access: 'read' }],
        pattern: undefined,
        domain: undefined,
        name: undefined,
      }),
    ).toEqual({ decision: 'allow', reason: 'read-only tool', source: 'mode' });
  });
});

describe('PermissionPolicy.rememberedRules', () => {
  it('remembers a path in its canonical form, escaped', () => {
    const policy = policyOf();
    expect([
      policy.rememberedRules(writeTool, writeFacts('./src/../a*.ts')),
      policy.rememberedRules(writeTool, writeFacts('/ws/sub//b'), 'deny'),
      policy.rememberedRules(writeTool, writeFacts('../out/c')),
      policy.rememberedRules(copyTool, {
        paths: [{ path: 'artifact://h/x', access: 'read' }],
        pattern: undefined,
        domain: undefined,
        name: undefined,
      }),
    ]).toEqual([
      [{ tool: 'Write', path: 'a\\*.ts', action: 'allow' }],
      [{ tool: 'Write', path: 'sub/b', action: 'deny' }],
      [{ tool: 'Write', path: '/out/c', action: 'allow' }],
      [{ tool: 'Copy', path: 'artifact://h/x', action: 'allow' }],
    ]);
  });

  it('makes a remembered rule meet every spelling of the same file', () => {
    const policy = policyOf();
    for (const rule of policy.rememberedRules(writeTool, writeFacts('src/./a.ts')))
      policy.add(rule);
    expect(
      ['src/a.ts', '/ws/src/a.ts', 'x/../src/a.ts', 'src/b.ts'].map(
        (path) => policy.decide(writeTool, writeFacts(path)).decision,
      ),
    ).toEqual(['allow', 'allow', 'allow', 'ask']);
  });
});
