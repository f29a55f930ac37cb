import { describe, expect, it } from 'vitest';
import { createHarness, executionIdOf, stable, temporaryDirectory } from './testing/harness.js';

const tag = (attributes: string) => `<bash-execution ${attributes} tty="false"/>`;

describe('Bash', () => {
  it('returns the output and the completed envelope when the command finishes in time', async () => {
    const { call } = createHarness();
    const outcome = await call('Bash', { command: 'echo hello', description: 'greet' });
    expect([outcome.status, stable(outcome.result)]).toEqual([
      'success',
      `hello\n\n${tag('command="echo hello" state="completed" termination="exited" exit_code="0" outcome="success" wall_time_seconds="T" output_bytes="6" output_lines="1"')}`,
    ]);
  });

  it('returns success for a grep no-match and error for a failing command', async () => {
    const { call } = createHarness();
    const grep = await call('Bash', { command: 'grep zzz /dev/null', description: 'search' });
    const failed = await call('Bash', { command: 'echo bad >&2; exit 3', description: 'fail' });
    expect([grep.status, stable(grep.result), failed.status, stable(failed.result)]).toEqual([
      'success',
      tag(
        'command="grep zzz /dev/null" state="completed" termination="exited" exit_code="1" outcome="no-match" wall_time_seconds="T" output_bytes="0" output_lines="0"',
      ),
      'error',
      `bad\n\n${tag('command="echo bad &gt;&amp;2; exit 3" state="completed" termination="exited" exit_code="3" outcome="failure" wall_time_seconds="T" output_bytes="4" output_lines="1"')}`,
    ]);
  });

  it('refuses a shell background operator without running anything', async () => {
    const { call, workspace } = createHarness();
    const outcome = await call('Bash', {
      command: `touch ${workspace}/ran & wait`,
      description: 'bg',
    });
    const { existsSync } = await import('node:fs');
    expect([outcome.status, outcome.result, existsSync(`${workspace}/ran`)]).toEqual([
      'error',
      'Error: Shell-native background execution is not supported; use yield_time_ms.',
      false,
    ]);
  });

  it('clamps an out-of-range yield_time_ms through the pipeline repair and notes it', async () => {
    const { project } = createHarness();
    const text = await project('Bash', {
      command: 'echo clamped',
      description: 'c',
      yield_time_ms: 60_000,
    });
    expect(stable(text)).toBe(
      `clamped\n\n${tag('command="echo clamped" state="completed" termination="exited" exit_code="0" outcome="success" wall_time_seconds="T" output_bytes="8" output_lines="1"')}\n\nNote: Repaired tool input: Clamped \`yield_time_ms\` to 30000. Please use the corrected argument shape in later calls.`,
    );
  });

  it('yields a running command with an id that ListExecutions, WriteStdin and StopExecution accept', async () => {
    const { call } = createHarness();
    const started = await call('Bash', {
      command: 'echo tick; sleep 300',
      description: 'wait',
      yield_time_ms: 250,
    });
    const id = executionIdOf(started.result);
    const listed = await call('ListExecutions', {});
    const refused = await call('WriteStdin', { execution_id: id, chars: 'typed\n' });
    const stopped = await call('StopExecution', { execution_id: id });
    const after = await call('ListExecutions', {});
    expect([
      started.status,
      stable(started.result),
      stable(listed.result),
      refused.status,
      refused.result,
      stopped.status,
      stable(stopped.result),
      after.result,
    ]).toEqual([
      'success',
      `tick\n\n<bash-execution execution_id="ID" command="echo tick; sleep 300" state="running" wall_time_seconds="T" output_bytes="5" output_lines="1" tty="false"/>`,
      `<bash-execution execution_id="ID" command="echo tick; sleep 300" state="running" wall_time_seconds="T" output_bytes="5" output_lines="1" tty="false"/>`,
      'error',
      'Error: This execution has no terminal: stdin is closed in pipe mode. Start it with tty=true to send input; Ctrl-C (\\u0003) still interrupts.',
      'success',
      `<bash-execution execution_id="ID" command="echo tick; sleep 300" state="completed" termination="stopped" outcome="failure" wall_time_seconds="T" output_bytes="5" output_lines="1" tty="false"/>`,
      'No yielded executions.',
    ]);
  });

  it('stores the whole output as an artifact and names it when the result shows a preview', async () => {
    const stored: string[] = [];
    const artifacts = {
      put: ({ text }: { text: string }) => {
        stored.push(text);
        return { address: `artifact://out-${stored.length}` };
      },
    };
    const { call } = createHarness({ tools: { artifacts } });
    const outcome = await call('Bash', { command: 'seq 1 2000', description: 'count' });
    const result = String(outcome.result);
    expect([
      outcome.status,
      stored[0]?.split('\n').length,
      result.startsWith('1\n2\n'),
      stable(result.slice(result.lastIndexOf('\n\n') + 2)),
    ]).toEqual([
      'success',
      2001,
      true,
      expect.stringMatching(
        /^<bash-execution command="seq 1 2000" state="completed" termination="exited" exit_code="0" outcome="success" wall_time_seconds="T" output_bytes="8893" output_lines="2000" omitted_output_bytes="\d+" tty="false" output_path="artifact:\/\/out-1"\/>$/,
      ),
    ]);
  });

  it('runs in the configured session working directory', async () => {
    const { mkdirSync, realpathSync } = await import('node:fs');
    const workspace = temporaryDirectory();
    mkdirSync(`${workspace}/sub`);
    const { call } = createHarness({
      manager: { workspaceRoot: workspace },
      tools: { cwd: `${workspace}/sub` },
    });
    const outcome = await call('Bash', { command: 'pwd -P', description: 'where' });
    expect(String(outcome.result).split('\n')[0]).toBe(realpathSync(`${workspace}/sub`));
  });
});
