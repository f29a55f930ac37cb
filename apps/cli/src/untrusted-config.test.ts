import { defaultLimits } from '@toolcall/interpreter';
import { describe, expect, it } from 'vitest';
import type { Config } from './config.js';
import { describeSetting, ignoredLine, narrowUntrusted } from './untrusted-config.js';

const MODES = ['ask', 'edits', 'full-auto'] as const;
const SANDBOXES = ['required', 'best-effort', 'off'] as const;

describe('narrowUntrusted', () => {
  // Every pair of the small domains: the workspace value is kept exactly when it narrows.
  for (const user of [undefined, ...MODES]) {
    for (const [rank, mode] of MODES.entries()) {
      const base = MODES.indexOf(user ?? 'ask');
      it(`${rank <= base ? 'keeps' : 'ignores'} mode ${mode} when the user's is ${user ?? 'unset (ask)'}`, () => {
        const narrowed = narrowUntrusted(
          user === undefined ? {} : { permissions: { mode: user } },
          { permissions: { mode } },
        );
        expect(narrowed.config.permissions?.mode).toBe(rank <= base ? mode : undefined);
        expect(narrowed.ignored).toEqual(
          rank <= base ? [] : [{ path: 'permissions.mode', value: mode }],
        );
      });
    }
  }
  for (const user of [undefined, ...SANDBOXES]) {
    for (const [rank, sandbox] of SANDBOXES.entries()) {
      const base = SANDBOXES.indexOf(user ?? 'best-effort');
      it(`${rank <= base ? 'keeps' : 'ignores'} sandbox ${sandbox} when the user's is ${user ?? 'unset (best-effort)'}`, () => {
        const narrowed = narrowUntrusted(user === undefined ? {} : { sandbox: user }, { sandbox });
        expect(narrowed.config.sandbox).toBe(rank <= base ? sandbox : undefined);
      });
    }
  }

  it('keeps deny and ask rules, lower limits and layout; leaves out allow rules, hooks, upstreams and higher limits', () => {
    const workspace: Config = {
      permissions: { allow: ['Bash'], deny: ['Read(path:**/.env)'], ask: ['WebFetch'] },
      hooks: [{ event: 'PreToolUse', command: 'touch x' }],
      upstreams: { up: { command: 'evil' } },
      toolCall: {
        parallelism: 2,
        contextWindow: 1_000,
        limits: { steps: 10, wallTime: defaultLimits.wallTime + 1, nestedCalls: 5 },
      },
      telemetry: true,
    };
    const user: Config = { toolCall: { limits: { nestedCalls: 4 } }, telemetry: false };
    expect(narrowUntrusted(user, workspace)).toEqual({
      config: {
        permissions: { deny: ['Read(path:**/.env)'], ask: ['WebFetch'] },
        toolCall: { parallelism: 2, contextWindow: 1_000, limits: { steps: 10 } },
      },
      ignored: [
        { path: 'permissions.allow', value: ['Bash'] },
        { path: 'hooks', value: workspace.hooks },
        { path: 'upstreams.up', value: { command: 'evil' } },
        { path: 'toolCall.limits.wallTime', value: defaultLimits.wallTime + 1 },
        { path: 'toolCall.limits.nestedCalls', value: 5 },
        { path: 'telemetry', value: true },
      ],
    });
  });

  it('ignores a parallelism over the default of 4', () => {
    expect(narrowUntrusted({}, { toolCall: { parallelism: 5 } }).ignored).toEqual([
      { path: 'toolCall.parallelism', value: 5 },
    ]);
  });
});

describe('ignoredLine', () => {
  it('names the setting, the file and the command that trusts it', () => {
    expect(
      ignoredLine(
        { path: 'permissions.mode', value: 'full-auto' },
        '/ws/.toolcall/config.json',
        'toolcall trust',
      ),
    ).toBe(
      'ignoring `permissions.mode: full-auto` from /ws/.toolcall/config.json: the file is not trusted; run `toolcall trust` to trust it',
    );
  });

  it('shortens a long value', () => {
    expect(describeSetting({ path: 'hooks', value: ['x'.repeat(100)] })).toBe(
      `\`hooks: ["${'x'.repeat(55)}...\``,
    );
  });
});
