import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { probeBubblewrap } from './sandbox/probe.js';
import { testManager } from './testing/fixtures.js';

const owner = '/root';

async function facts(command: string, options: { tty?: boolean; sandbox?: 'required' } = {}) {
  const manager = testManager(options.sandbox ? { sandbox: options.sandbox } : {});
  const result = await manager.runBash({ owner, command, tty: options.tty ?? false });
  if (!result.success) throw result.error;
  const { output, facts } = result.value;
  return {
    output,
    exitCode: facts.exitCode,
    outcome: facts.outcome,
    pipelineExitCodes: facts.pipelineExitCodes,
    pipelineFailedStages: facts.pipelineFailedStages,
    pipelineClassification: facts.pipelineClassification,
    pipelineSummary: facts.pipelineSummary,
  };
}

describe('ExecManager.runBash exit outcomes', () => {
  it('behaves exactly as plain bash for yes | head && echo continued', async () => {
    const command = 'yes | head -n 2 && echo continued';
    const plain = spawnSync('bash', ['-c', command], { encoding: 'utf8' });
    const managed = await facts(command);
    expect(managed).toEqual({
      output: plain.stdout + plain.stderr,
      exitCode: plain.status,
      outcome: 'success',
      pipelineExitCodes: [0],
      pipelineFailedStages: undefined,
      pipelineClassification: 'unavailable',
      pipelineSummary: undefined,
    });
  });

  it('reports a failed early stage even when the last stage and exit code are 0', async () => {
    expect(await facts('echo start; false | true')).toEqual({
      output: 'start\n',
      exitCode: 0,
      outcome: 'failure',
      pipelineExitCodes: [1, 0],
      pipelineFailedStages: [1],
      pipelineClassification: 'classified',
      pipelineSummary: 'Pipeline stage 1 failed.',
    });
  });

  it('treats SIGPIPE upstream of a successful stage as benign', async () => {
    expect(await facts('yes | head -n 1')).toEqual({
      output: 'y\n',
      exitCode: 0,
      outcome: 'success',
      pipelineExitCodes: [141, 0],
      pipelineFailedStages: [],
      pipelineClassification: 'classified',
      pipelineSummary: undefined,
    });
  });

  it('reads a final grep exiting 1 as no-match, with and without a pipeline', async () => {
    const piped = await facts("printf 'a\\n' | grep b");
    const simple = await facts('grep needle /dev/null');
    expect([piped, simple]).toEqual([
      {
        output: '',
        exitCode: 1,
        outcome: 'no-match',
        pipelineExitCodes: [0, 1],
        pipelineFailedStages: [],
        pipelineClassification: 'classified',
        pipelineSummary: undefined,
      },
      {
        output: '',
        exitCode: 1,
        outcome: 'no-match',
        pipelineExitCodes: undefined,
        pipelineFailedStages: undefined,
        pipelineClassification: undefined,
        pipelineSummary: undefined,
      },
    ]);
  });

  it('takes the snapshot through a private file under a terminal', async () => {
    expect(await facts('false | true', { tty: true })).toMatchObject({
      output: '',
      exitCode: 0,
      outcome: 'failure',
      pipelineExitCodes: [1, 0],
      pipelineFailedStages: [1],
      pipelineClassification: 'classified',
    });
  });

  it('takes the snapshot through the descriptor after the bound grants when confined', async () => {
    const probe = await probeBubblewrap({ pathValue: process.env.PATH });
    if (!probe.available) return;
    expect(await facts('false | cat', { sandbox: 'required' })).toMatchObject({
      exitCode: 0,
      outcome: 'failure',
      pipelineExitCodes: [1, 0],
      pipelineClassification: 'classified',
    });
  });

  it('falls back to the plain rule and the lexical background check without an analyzer', async () => {
    const manager = testManager({ analyzer: null });
    const grep = await manager.runBash({ owner, command: 'grep needle /dev/null' });
    const background = await manager.runBash({ owner, command: 'sleep 1 & wait' });
    expect([
      grep.success && grep.value.facts.outcome,
      background.success ? 'ran' : background.error.code,
    ]).toEqual(['failure', 'background-refused']);
  });
});
