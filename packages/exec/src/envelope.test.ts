import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  escapeAttribute,
  formatBashResult,
  formatExecutionList,
  formatStopResult,
  formatWriteStdinResult,
} from './envelope.js';
import type { ExecutionFacts, ExecutionObservation } from './types.js';

const facts: ExecutionFacts = {
  executionId: 'exec_abc',
  command: 'false | true',
  state: 'completed',
  termination: 'exited',
  exitCode: 0,
  outcome: 'failure',
  wallTimeMs: 1234.4,
  outputBytes: 6,
  outputLines: 1,
  tty: false,
  timedOut: false,
  outputLimited: false,
  forcedKill: false,
  pipelineExitCodes: [1, 0],
  pipelineFailedStages: [1],
  pipelineClassification: 'classified',
  pipelineSummary: 'Pipeline stage 1 failed.',
};

const observation: ExecutionObservation = {
  output: 'start\n',
  omittedBytes: 0,
  omittedChars: 0,
  facts,
  yielded: false,
  wait: { requestedMs: undefined, effectiveMs: 10_000 },
  sandbox: {
    mode: 'off',
    boundary: 'direct',
    directReason: 'disabled',
    filesystem: 'unrestricted',
    network: 'unrestricted',
    attempts: 1,
    starts: 1,
    refusals: 0,
    additionalReadMounts: 0,
    additionalWriteMounts: 0,
    protectedMasked: 0,
  },
};

describe('formatBashResult', () => {
  it('returns output, the failed-stages line and the element with status error when a stage failed', () => {
    const envelope = formatBashResult(observation);
    expect({ result: envelope.result, status: envelope.status }).toEqual({
      result: [
        'start',
        'Pipeline stage 1 failed.',
        '<bash-execution command="false | true" state="completed" termination="exited" exit_code="0" outcome="failure" wall_time_seconds="1.234" output_bytes="6" output_lines="1" tty="false" pipeline_exit_codes="1 0" pipeline_failed_stages="1" pipeline_classification="classified"/>',
      ].join('\n\n'),
      status: 'error',
    });
    expect(envelope.renderData).toEqual({
      kind: 'bash-execution',
      command: 'false | true',
      output: 'start\n',
      omittedBytes: 0,
      omittedChars: 0,
      facts,
      yielded: false,
      wait: observation.wait,
      status: 'error',
    });
  });

  it('names the execution, omitted bytes, confinement line and artifact when a yielded result was truncated', () => {
    const running: ExecutionObservation = {
      ...observation,
      output: '',
      omittedBytes: 10,
      yielded: true,
      facts: {
        executionId: 'exec_x',
        command: 'echo "a"\nsleep 9',
        state: 'running',
        wallTimeMs: 250,
        outputBytes: 20,
        outputLines: 2,
        tty: true,
        timedOut: false,
        outputLimited: false,
        forcedKill: false,
      },
    };
    const envelope = formatBashResult(running, {
      outputPath: 'artifact://h1',
      sandboxLine: '[sandbox: none; filesystem: unrestricted; network: unrestricted]',
    });
    expect([envelope.result, envelope.status]).toEqual([
      '[sandbox: none; filesystem: unrestricted; network: unrestricted]\n\n<bash-execution execution_id="exec_x" command="echo &quot;a&quot;&#10;sleep 9" state="running" wall_time_seconds="0.250" output_bytes="20" output_lines="2" omitted_output_bytes="10" tty="true" output_path="artifact://h1"/>',
      'success',
    ]);
  });

  it('treats no-match, different and false as successful observations', () => {
    const statuses = (['no-match', 'different', 'false', 'success'] as const).map(
      (outcome) =>
        formatBashResult({
          ...observation,
          facts: { ...facts, outcome, pipelineSummary: undefined },
        }).status,
    );
    expect(statuses).toEqual(['success', 'success', 'success', 'success']);
  });
});

describe('formatWriteStdinResult and formatStopResult', () => {
  it('always name the execution, and a stop is a success whatever the outcome', () => {
    const polled = formatWriteStdinResult(observation);
    const stopped = formatStopResult(observation);
    expect([
      polled.status,
      polled.result.includes('execution_id="exec_abc"'),
      stopped.status,
      stopped.result === polled.result,
    ]).toEqual(['error', true, 'success', true]);
  });
});

describe('formatExecutionList', () => {
  it('returns the empty notice when nothing is live, else one element per execution', () => {
    const queued: ExecutionFacts = { ...facts, state: 'queued', wallTimeMs: 5 };
    delete queued.termination;
    delete queued.exitCode;
    delete queued.outcome;
    delete queued.pipelineExitCodes;
    delete queued.pipelineFailedStages;
    delete queued.pipelineClassification;
    expect([formatExecutionList([]).result, formatExecutionList([queued]).result]).toEqual([
      'No yielded executions.',
      '<bash-execution execution_id="exec_abc" command="false | true" state="queued" wall_time_seconds="0.005" output_bytes="6" output_lines="1" tty="false"/>',
    ]);
  });
});

describe('escapeAttribute', () => {
  test.prop([fc.string()])('keeps any command on one line inside one quoted attribute', (text) => {
    const escaped = escapeAttribute(text);
    expect(/["<>\n\r\t]/.test(escaped)).toBe(false);
    const decoded = escaped
      .replaceAll('&#9;', '\t')
      .replaceAll('&#13;', '\r')
      .replaceAll('&#10;', '\n')
      .replaceAll('&quot;', '"')
      .replaceAll('&gt;', '>')
      .replaceAll('&lt;', '<')
      .replaceAll('&amp;', '&');
    expect(decoded).toBe(text);
  });
});
