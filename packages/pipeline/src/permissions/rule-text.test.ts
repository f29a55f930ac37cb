import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { formatPermissionRule, parsePermissionRule } from './rule-text.js';
import type { PermissionRule } from './types.js';

describe('parsePermissionRule', () => {
  it.each([
    ['Bash', { tool: 'Bash', action: 'allow' }],
    ['Bash(git log*)', { tool: 'Bash', pattern: 'git log*', action: 'allow' }],
    ['Read(path:~/.ssh/**)', { tool: 'Read', path: '~/.ssh/**', action: 'allow' }],
    [
      'WebFetch(domain:*.example.com)',
      { tool: 'WebFetch', domain: '*.example.com', action: 'allow' },
    ],
    ['Skill(name:review)', { tool: 'Skill', name: 'review', action: 'allow' }],
    ['(path:src/**)', { tool: '*', path: 'src/**', action: 'allow' }],
    ['Read|Grep(path:**/.env)', { tool: 'Read|Grep', path: '**/.env', action: 'allow' }],
    ['  Bash(echo (x))  ', { tool: 'Bash', pattern: 'echo (x)', action: 'allow' }],
  ] as const)('reads %s', (text, rule) => {
    expect(parsePermissionRule(text, 'allow')).toEqual({ success: true, value: rule });
  });

  it.each(['', '()', 'Bash()', 'Bash(x', 'Ba(sh)x'])(
    'refuses %j, naming the expected shape',
    (text) => {
      const parsed = parsePermissionRule(text, 'deny');
      expect(parsed.success).toBe(false);
      if (!parsed.success)
        expect(parsed.error).toMatch(
          /^bad rule '.*': (expected TOOL or TOOL\(SPEC\)|the parentheses are empty)$/,
        );
    },
  );
});

const toolName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,11}$/);
const glob = fc.stringMatching(/^[A-Za-z0-9_.*~/ -]{1,16}$/).filter((text) => text.trim() === text);
const rule: fc.Arbitrary<PermissionRule> = fc.oneof(
  fc.record({ tool: toolName, action: fc.constantFrom('allow', 'ask', 'deny') }),
  fc.record({ tool: toolName, path: glob, action: fc.constantFrom('allow', 'ask', 'deny') }),
  fc.record({ tool: toolName, domain: glob, action: fc.constantFrom('allow', 'ask', 'deny') }),
  fc.record({
    tool: toolName,
    // A command pattern that starts like a specifier cannot be spelled: it reads as that specifier.
    pattern: glob.filter((text) => !/^(path|domain|name):/.test(text)),
    action: fc.constantFrom('allow', 'ask', 'deny'),
  }),
);

describe('formatPermissionRule', () => {
  test.prop([rule])('is read back by parsePermissionRule as the same rule', (value) => {
    expect(parsePermissionRule(formatPermissionRule(value), value.action)).toEqual({
      success: true,
      value,
    });
  });
});
