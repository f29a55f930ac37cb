import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createPipeline } from '../pipeline.js';
import { readTool } from '../testing/tools.js';
import { type CommandHookOptions, commandHook } from './command-hook.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../test/fixtures/hooks/${name}`, import.meta.url));
const node = (name: string): Pick<CommandHookOptions, 'command' | 'args'> => ({
  command: process.execPath,
  args: [fixture(name)],
});

function runRead(hook: ReturnType<typeof commandHook>) {
  const pipeline = createPipeline({ tools: [readTool], hooks: [hook] });
  return pipeline.runTool({ name: 'Read', input: { file_path: 'a.txt' }, toolUseId: 'cmd-1' })
    .outcome;
}

describe('commandHook', () => {
  it('passes JSON on stdin and reads a decision from stdout', { timeout: 30_000 }, async () => {
    const outcome = await runRead(
      commandHook({ event: 'PreToolUse', matcher: 'Read', ...node('echo-context.mjs') }),
    );
    expect([outcome.status, outcome.context]).toEqual(['success', ['PreToolUse saw Read cmd-1']]);
  });

  it('runs a shell command line when no args are given', { timeout: 30_000 }, async () => {
    const outcome = await runRead(
      commandHook({
        event: 'PostToolUse',
        command: `"${process.execPath}" "${fixture('echo-context.mjs')}"`,
      }),
    );
    expect(outcome.context).toEqual(['PostToolUse saw Read cmd-1']);
  });

  it('treats exit code 2 as a deny whose reason is stderr', { timeout: 30_000 }, async () => {
    const outcome = await runRead(commandHook({ event: 'PreToolUse', ...node('block.mjs') }));
    expect([outcome.error?.code, outcome.result]).toEqual([
      'denied',
      'Error: PreToolUse hook denied the call: blocked by policy script.',
    ]);
  });

  it('validates a rewrite from a command', { timeout: 30_000 }, async () => {
    const outcome = await runRead(commandHook({ event: 'PreToolUse', ...node('rewrite.mjs') }));
    expect(outcome.result).toBe('read {"file_path":"rewritten.txt","mode":"text"}');
  });

  it('fails open on a timeout and bad output unless failClosed', { timeout: 30_000 }, async () => {
    const failures: string[] = [];
    const open = await runRead(
      commandHook({
        event: 'PreToolUse',
        timeoutMs: 300,
        onFailure: (message) => failures.push(message),
        ...node('hang.mjs'),
      }),
    );
    const garbage = await runRead(
      commandHook({
        event: 'PreToolUse',
        onFailure: (message) => failures.push(message),
        ...node('garbage.mjs'),
      }),
    );
    const closed = await runRead(
      commandHook({ event: 'PreToolUse', failClosed: true, ...node('garbage.mjs') }),
    );
    expect([open.status, garbage.status, failures, closed.error?.code]).toEqual([
      'success',
      'success',
      ['the hook command timed out', 'the hook command printed output that is not JSON'],
      'hook-failed',
    ]);
  });
});
