import { posix } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { writeTool } from '../testing/tools.js';
import { escapeGlob } from './glob.js';
import { PermissionPolicy } from './policy.js';
import type { PermissionDecision, PermissionFacts, PermissionRule } from './types.js';

const WORKING_DIRECTORIES = ['/ws', '/a/ws', '/'] as const;
const base = (workingDirectory: string) => ({ workingDirectory, homeDirectory: '/home/u' });

/** A path as a model might spell it: an optional start, then `.`, `..`, empty and plain segments. */
const spelling = fc
  .tuple(
    fc.constantFrom('', '/', '//', './', '../', '/ws/', '../ws/', '/a/ws/'),
    fc.array(fc.constantFrom('.', '..', '', 'src', 'a', 'ws', '.env', 'x'), {
      minLength: 1,
      maxLength: 8,
    }),
    fc.boolean(),
  )
  .map(([start, segments, trailing]) => `${start}${segments.join('/')}${trailing ? '/' : ''}`)
  .filter((path) => path !== '');

const writeFacts = (path: string): PermissionFacts => ({
  paths: [{ path, access: 'write' }],
  pattern: undefined,
  domain: undefined,
  name: undefined,
});
const decide = (workingDirectory: string, rules: PermissionRule[], path: string) =>
  new PermissionPolicy(rules, 'ask', base(workingDirectory)).decide(writeTool, writeFacts(path))
    .decision;
const STRENGTH: Record<PermissionDecision, number> = { allow: 0, ask: 1, deny: 2 };

describe('path rules over every spelling', () => {
  test.prop([fc.constantFrom(...WORKING_DIRECTORIES), spelling], { numRuns: 500 })(
    'a deny rule on the file a spelling resolves to is never bypassed',
    (workingDirectory, path) => {
      const target = posix.resolve(workingDirectory, path);
      const relative = posix.relative(workingDirectory, target);
      const globs = [escapeGlob(target)];
      if (!relative.startsWith('..')) globs.push(relative === '' ? '.' : escapeGlob(relative));
      for (const glob of globs) {
        const rules: PermissionRule[] = [
          { tool: 'Write', action: 'allow' },
          { tool: 'Write', path: '**', action: 'allow' },
          { path: glob, action: 'deny' },
        ];
        expect(decide(workingDirectory, rules, path)).toBe('deny');
      }
    },
  );

  test.prop([fc.constantFrom(...WORKING_DIRECTORIES), spelling], { numRuns: 500 })(
    'an allow rule for `dir/**` admits exactly the spellings that resolve below dir',
    (workingDirectory, path) => {
      const directory = posix.join(workingDirectory, 'src');
      const inside = posix.resolve(workingDirectory, path).startsWith(`${directory}/`);
      for (const glob of ['src/**', `${directory}/**`]) {
        const decision = decide(
          workingDirectory,
          [{ tool: 'Write', path: glob, action: 'allow' }],
          path,
        );
        expect(decision).toBe(inside ? 'allow' : 'ask');
      }
    },
  );

  test.prop([fc.constantFrom(...WORKING_DIRECTORIES), spelling], { numRuns: 500 })(
    'a spelling is judged at least as strictly as the canonical path it resolves to',
    (workingDirectory, path) => {
      const rules: PermissionRule[] = [
        { tool: 'Write', path: 'src/**', action: 'allow' },
        { tool: 'Write', path: '**/a/**', action: 'ask' },
        { path: '**/.env', action: 'deny' },
        { path: 'ws/x', action: 'deny' },
        { tool: 'Write', path: '/a/**', action: 'allow' },
      ];
      const canonical = posix.resolve(workingDirectory, path);
      expect(STRENGTH[decide(workingDirectory, rules, path)]).toBeGreaterThanOrEqual(
        STRENGTH[decide(workingDirectory, rules, canonical)],
      );
    },
  );
});
