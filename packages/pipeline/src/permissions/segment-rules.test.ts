import { describe, expect, it } from 'vitest';
import { commandFacts, dynamic, opaque, readOnly, segment } from '../testing/segments.js';
import { shellTool } from '../testing/tools.js';
import type { Tool } from '../tool-types.js';
import { PermissionPolicy } from './policy.js';
import type {
  CommandSegment,
  PermissionDecision,
  PermissionMode,
  PermissionRule,
} from './types.js';

const base = { workingDirectory: '/ws', homeDirectory: '/home/u' };
const bash = { ...shellTool, name: 'Bash' } as Tool;
const monitor = { ...shellTool, name: 'Monitor' } as Tool;
// Declares commands but not `shell`: Bash rules do not reach it.
const plain = {
  ...shellTool,
  name: 'Runner',
  permission: { ...shellTool.permission, shell: false },
} as Tool;

const allow = (pattern: string, tool = 'Bash'): PermissionRule => ({
  tool,
  pattern,
  action: 'allow',
});
const deny = (pattern: string, tool = 'Bash'): PermissionRule => ({
  tool,
  pattern,
  action: 'deny',
});
const ask = (pattern: string, tool = 'Bash'): PermissionRule => ({ tool, pattern, action: 'ask' });

interface Case {
  readonly name: string;
  readonly rules: readonly PermissionRule[];
  readonly mode?: PermissionMode;
  readonly tool?: Tool;
  readonly source?: string;
  readonly segments: readonly CommandSegment[];
  readonly decision: PermissionDecision;
  /** The text of the segment that decided; null when no segment did (whole source, mode). */
  readonly by: string | null;
}

const victim = segment('rm -f victim');
const gitLog = segment('git log');

const CASES: readonly Case[] = [
  // An allow rule admits only when every segment is allowed or read-only.
  {
    name: 'allowed alone',
    rules: [allow('git log*')],
    segments: [gitLog],
    decision: 'allow',
    by: 'git log',
  },
  {
    name: 'allowed; rm',
    rules: [allow('git log*')],
    segments: [gitLog, victim],
    decision: 'ask',
    by: 'rm -f victim',
  },
  {
    name: 'allowed | rm',
    rules: [allow('git log*')],
    source: 'git log | rm -f victim',
    segments: [gitLog, victim],
    decision: 'ask',
    by: 'rm -f victim',
  },
  {
    name: 'rm in $(…) of an allowed command',
    rules: [allow('git log*')],
    segments: [
      dynamic('git log --format=$(rm -f victim)x'),
      segment('rm -f victim', { via: ['$()'] }),
    ],
    decision: 'ask',
    by: 'git log --format=$(rm -f victim)x',
  },
  {
    name: 'allowed, newline, rm',
    rules: [allow('git log*')],
    source: 'git log\nrm -f victim',
    segments: [gitLog, victim],
    decision: 'ask',
    by: 'rm -f victim',
  },
  {
    name: 'allowed | read-only',
    rules: [allow('git log*')],
    segments: [gitLog, readOnly('head -5')],
    decision: 'allow',
    by: 'git log',
  },
  {
    name: 'read-only alone in ask mode',
    rules: [],
    segments: [readOnly('ls -la')],
    decision: 'allow',
    by: 'ls -la',
  },
  {
    name: 'read-only | read-only',
    rules: [],
    segments: [readOnly('cat a'), readOnly('wc -l')],
    decision: 'allow',
    by: 'cat a',
  },
  {
    // The proof already holds whatever `$f` or the substitution gives; the substitution's
    // own commands are segments of their own.
    name: 'read-only with dynamic arguments, beside an allowed segment',
    rules: [allow('git log*')],
    segments: [{ ...dynamic('echo "$(echo hi)"'), readOnly: true }, readOnly('echo hi'), gitLog],
    decision: 'allow',
    by: 'echo "$(echo hi)"',
  },
  {
    name: 'read-only with a dynamic file argument',
    rules: [],
    segments: [{ ...dynamic('cat $f'), readOnly: true }],
    decision: 'allow',
    by: 'cat $f',
  },
  {
    name: 'not read-only, no rule',
    rules: [],
    segments: [readOnly('ls'), segment('make')],
    decision: 'ask',
    by: 'make',
  },
  {
    name: 'both allowed by two rules',
    rules: [allow('git log*'), allow('grep *')],
    segments: [gitLog, segment('grep x')],
    decision: 'allow',
    by: 'git log',
  },
  {
    name: 'normalised command allowed',
    rules: [allow('rm -f victim')],
    segments: [segment('/bin/rm -f victim', { name: 'rm', command: 'rm -f victim' })],
    decision: 'allow',
    by: '/bin/rm -f victim',
  },
  {
    name: 'text never allows',
    rules: [allow('git log*')],
    segments: [segment('git log', { name: 'rm', argv: ['rm', 'x'], command: 'rm x' })],
    decision: 'ask',
    by: 'git log',
  },
  // Opaque and dynamic segments are never allowed by a rule.
  {
    name: 'opaque under allow *',
    rules: [allow('*')],
    segments: [opaque('$c')],
    decision: 'ask',
    by: '$c',
  },
  {
    name: 'dynamic under allow *',
    rules: [allow('*')],
    segments: [dynamic('echo $x')],
    decision: 'ask',
    by: 'echo $x',
  },
  {
    name: 'opaque under a generic allow',
    rules: [{ tool: 'Bash', action: 'allow' }],
    segments: [opaque('eval "$x"', 'eval of a non-literal')],
    decision: 'ask',
    by: 'eval "$x"',
  },
  {
    name: 'plain under a generic allow',
    rules: [{ tool: 'Bash', action: 'allow' }],
    segments: [victim],
    decision: 'allow',
    by: 'rm -f victim',
  },
  {
    name: 'opaque, read-only flag ignored',
    rules: [],
    segments: [{ ...opaque('source x', 'source'), readOnly: true }],
    decision: 'ask',
    by: 'source x',
  },
  {
    name: 'opaque in full-auto',
    rules: [],
    mode: 'full-auto',
    segments: [opaque('$c')],
    decision: 'allow',
    by: '$c',
  },
  {
    name: 'opaque in full-auto with a deny pattern',
    rules: [deny('rm*')],
    mode: 'full-auto',
    segments: [opaque('$c')],
    decision: 'ask',
    by: '$c',
  },
  {
    name: 'opaque in full-auto with an ask pattern',
    rules: [ask('curl*')],
    mode: 'full-auto',
    segments: [gitLog, opaque('$c')],
    decision: 'ask',
    by: '$c',
  },
  {
    name: 'opaque in full-auto with a generic ask',
    rules: [{ tool: 'Bash', action: 'ask' }],
    mode: 'full-auto',
    segments: [opaque('$c')],
    decision: 'ask',
    by: '$c',
  },
  {
    name: 'full-auto, plain',
    rules: [],
    mode: 'full-auto',
    segments: [victim],
    decision: 'allow',
    by: 'rm -f victim',
  },
  {
    name: "opaque in full-auto with another tool's deny",
    rules: [deny('rm*', 'Other')],
    mode: 'full-auto',
    segments: [opaque('$c')],
    decision: 'allow',
    by: '$c',
  },
  // A deny rule denies when any segment matches, however it is spelled.
  {
    name: 'deny, plain',
    rules: [deny('rm*')],
    segments: [victim],
    decision: 'deny',
    by: 'rm -f victim',
  },
  {
    name: 'deny, leading space',
    rules: [deny('rm*')],
    segments: [segment(' rm x', { name: 'rm', argv: ['rm', 'x'], command: 'rm x' })],
    decision: 'deny',
    by: ' rm x',
  },
  {
    name: 'deny after &&',
    rules: [deny('rm*')],
    segments: [segment('true'), segment('rm x')],
    decision: 'deny',
    by: 'rm x',
  },
  {
    name: 'deny, quoted name',
    rules: [deny('rm*')],
    segments: [segment('"rm" x', { name: 'rm', argv: ['"rm"', 'x'], command: '"rm" x' })],
    decision: 'deny',
    by: '"rm" x',
  },
  {
    name: 'deny, escaped name',
    rules: [deny('rm*')],
    segments: [segment('r\\m x', { name: 'rm', argv: ['r\\m', 'x'], command: 'r\\m x' })],
    decision: 'deny',
    by: 'r\\m x',
  },
  {
    name: 'deny, absolute name',
    rules: [deny('rm *')],
    segments: [segment('/bin/rm x', { name: 'rm' })],
    decision: 'deny',
    by: '/bin/rm x',
  },
  {
    name: 'deny, assignment first',
    rules: [deny('rm*')],
    segments: [segment('X=1 rm x', { name: 'rm', argv: ['rm', 'x'], command: 'rm x' })],
    decision: 'deny',
    by: 'X=1 rm x',
  },
  {
    name: 'deny through bash -c',
    rules: [deny('rm*')],
    segments: [segment("bash -c 'rm x'"), segment('rm x', { via: ['bash -c'] })],
    decision: 'deny',
    by: 'rm x',
  },
  {
    name: 'deny, dynamic arguments',
    rules: [deny('rm -rf *')],
    segments: [dynamic('rm $flags /')],
    decision: 'deny',
    by: 'rm $flags /',
  },
  {
    name: 'deny, dynamic arguments of another command',
    rules: [deny('git push*')],
    segments: [dynamic('git $sub')],
    decision: 'deny',
    by: 'git $sub',
  },
  {
    name: 'deny, known arguments of another subcommand',
    rules: [deny('git push*')],
    segments: [segment('git log')],
    decision: 'ask',
    by: 'git log',
  },
  {
    name: 'deny beats allow',
    rules: [allow('git log*'), deny('rm*')],
    segments: [gitLog, victim],
    decision: 'deny',
    by: 'rm -f victim',
  },
  {
    name: 'deny on the whole source',
    rules: [deny('*victim*')],
    source: 'git log; echo victim',
    segments: [gitLog, segment('echo hi')],
    decision: 'deny',
    by: null,
  },
  {
    name: 'deny a read-only segment',
    rules: [deny('cat *')],
    segments: [readOnly('cat /etc/shadow')],
    decision: 'deny',
    by: 'cat /etc/shadow',
  },
  {
    name: 'deny in full-auto',
    rules: [deny('rm*')],
    mode: 'full-auto',
    segments: [gitLog, victim],
    decision: 'deny',
    by: 'rm -f victim',
  },
  // Ask rules match liberally, like deny rules.
  {
    name: 'ask beats allow',
    rules: [allow('git*'), ask('git push*')],
    segments: [segment('git push')],
    decision: 'ask',
    by: 'git push',
  },
  {
    name: 'ask on dynamic name match',
    rules: [allow('*'), ask('curl *')],
    segments: [dynamic('curl $u')],
    decision: 'ask',
    by: 'curl $u',
  },
  {
    name: 'ask in full-auto',
    rules: [ask('curl*')],
    mode: 'full-auto',
    segments: [segment('curl x')],
    decision: 'ask',
    by: 'curl x',
  },
  // Modes and generic rules as fallbacks.
  {
    name: 'edits mode, plain',
    rules: [],
    mode: 'edits',
    segments: [victim],
    decision: 'ask',
    by: 'rm -f victim',
  },
  {
    name: 'generic ask, read-only',
    rules: [{ tool: 'Bash', action: 'ask' }],
    segments: [readOnly('ls')],
    decision: 'ask',
    by: 'ls',
  },
  {
    name: 'generic deny',
    rules: [{ tool: 'Bash', action: 'deny' }],
    segments: [readOnly('ls')],
    decision: 'deny',
    by: null,
  },
  { name: 'no segments', rules: [allow('*')], segments: [], decision: 'ask', by: null },
  // Shell tools are governed by Bash rules; other tools are not.
  {
    name: 'Monitor under a Bash deny',
    rules: [deny('rm*')],
    tool: monitor,
    segments: [victim],
    decision: 'deny',
    by: 'rm -f victim',
  },
  {
    name: 'Monitor under a Bash allow',
    rules: [allow('tail *')],
    tool: monitor,
    segments: [segment('tail -f log')],
    decision: 'allow',
    by: 'tail -f log',
  },
  {
    name: 'Monitor under its own allow',
    rules: [allow('tail *', 'Monitor')],
    tool: monitor,
    segments: [segment('tail -f log')],
    decision: 'allow',
    by: 'tail -f log',
  },
  {
    name: 'Bash under a Monitor allow',
    rules: [allow('tail *', 'Monitor')],
    segments: [segment('tail -f log')],
    decision: 'ask',
    by: 'tail -f log',
  },
  {
    name: 'not a shell tool',
    rules: [deny('rm*')],
    tool: plain,
    segments: [victim],
    decision: 'ask',
    by: 'rm -f victim',
  },
];

describe('command rules per segment', () => {
  it.each(CASES)('$name: $decision', (entry) => {
    const policy = new PermissionPolicy(entry.rules, entry.mode ?? 'ask', base);
    const source = entry.source ?? entry.segments.map((item) => item.text).join('; ');
    const verdict = policy.decide(entry.tool ?? bash, commandFacts(source, entry.segments));
    expect([verdict.decision, verdict.segment?.text ?? null]).toEqual([entry.decision, entry.by]);
  });

  it('names the deciding segment in the reason', () => {
    const policy = new PermissionPolicy([allow('git log*')], 'ask', base);
    const verdict = policy.decide(bash, commandFacts('git log; rm -f victim', [gitLog, victim]));
    expect(verdict).toEqual({
      decision: 'ask',
      reason: 'segment `rm -f victim` is not allowed by any rule (ask mode)',
      source: 'mode',
      segment: victim,
    });
    const denied = new PermissionPolicy([deny('rm*')], 'ask', base).decide(
      bash,
      commandFacts('true && rm x', [segment('true'), segment('rm x')]),
    );
    expect(denied.reason).toBe('deny rule for Bash pattern rm* (segment `rm x`)');
    const hidden = new PermissionPolicy([], 'ask', base).decide(
      bash,
      commandFacts('$c', [opaque('$c')]),
    );
    expect(hidden.reason).toBe(
      'segment `$c` cannot be judged by rules: a variable as the command name',
    );
  });

  it('keeps whole-string matching for a tool without commands facts', () => {
    const policy = new PermissionPolicy([allow('git log*')], 'ask', base);
    const facts = { paths: [], pattern: 'git log; rm x', domain: undefined, name: undefined };
    expect(policy.decide(bash, facts).decision).toBe('allow');
  });

  it('remembers one exact allow rule per segment that is not read-only', () => {
    const policy = new PermissionPolicy([], 'ask', base);
    const facts = commandFacts('git log | head; rm -f v*; rm -f v*; $c', [
      gitLog,
      readOnly('head'),
      segment('rm -f v*'),
      segment('rm -f v*'),
      opaque('$c'),
    ]);
    expect(policy.rememberedRules(bash, facts)).toEqual([
      { tool: 'Bash', pattern: 'git log', action: 'allow' },
      { tool: 'Bash', pattern: 'rm -f v\\*', action: 'allow' },
    ]);
    // Nothing to remember: never a generic allow of the whole tool.
    expect(policy.rememberedRules(bash, commandFacts('ls', [readOnly('ls')]))).toEqual([]);
  });
});
