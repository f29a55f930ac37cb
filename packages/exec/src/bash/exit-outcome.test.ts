import { beforeAll, describe, expect, it } from 'vitest';
import { type BashAnalyzer, createBashAnalyzer } from './create-bash-analyzer.js';
import { type BashOutcome, classifyBashExit } from './exit-outcome.js';

describe('classifyBashExit', () => {
  let analyzer: BashAnalyzer;
  beforeAll(async () => {
    analyzer = await createBashAnalyzer();
  });

  // [command, exit code, expected outcome]
  const table: [string, number, BashOutcome][] = [
    ['ls', 0, 'success'],
    ['ls', 2, 'failure'],
    ['grep foo file', 1, 'no-match'],
    ['grep -q foo file 2>/dev/null', 1, 'no-match'],
    ['LC_ALL=C grep foo file', 1, 'no-match'],
    ['rg TODO', 1, 'no-match'],
    ['grep foo file', 2, 'failure'],
    ['rg --pre cat foo', 1, 'failure'],
    ['/bin/grep foo file', 1, 'failure'],
    ['grep $(cat patterns) file', 1, 'failure'],
    ['diff a b', 1, 'different'],
    ['diff a b', 2, 'failure'],
    ['test -f x', 1, 'false'],
    ['[ -f x ]', 1, 'false'],
    ['[[ -f x ]]', 1, 'failure'],
    ['grep a f && grep b f', 1, 'failure'],
    ['grep a f; echo done', 1, 'failure'],
    ['cd x && grep a f', 1, 'failure'],
    ['grep a f | wc -l', 1, 'failure'],
    ['(grep a f)', 1, 'failure'],
    ['if grep a f; then ls; fi', 1, 'failure'],
    ['cmp a b', 1, 'failure'],
    ['false', 1, 'failure'],
    ['echo "unterminated', 1, 'failure'],
    ['grep a f &', 1, 'failure'],
    ['make', 0, 'success'],
  ];

  it.each(table)('classifies %j exiting %i as %s', (command, exitCode, outcome) => {
    expect(
      classifyBashExit({ analysis: analyzer.analyze(command), termination: 'exited', exitCode }),
    ).toEqual({
      exitCode,
      outcome,
      ...(command.includes('|') ? { pipelineClassification: 'unavailable' } : {}),
    });
  });

  it('returns failure for every non-exit termination and keeps the raw code', () => {
    const analysis = analyzer.analyze('grep foo file');
    for (const termination of ['signaled', 'timed-out', 'output-limit', 'stopped', 'aborted']) {
      expect(classifyBashExit({ analysis, termination, exitCode: 0 })).toEqual({
        exitCode: 0,
        outcome: 'failure',
      });
    }
    expect(classifyBashExit({ analysis, termination: 'exited', exitCode: null })).toEqual({
      exitCode: null,
      outcome: 'failure',
    });
  });

  it('falls back to the simple rules when the snapshot does not match the exit status', () => {
    const analysis = analyzer.analyze('false | true');
    const snapshot = { status: 1, exitCodes: [1, 0] };
    expect(classifyBashExit({ analysis, termination: 'exited', exitCode: 0, snapshot })).toEqual({
      exitCode: 0,
      outcome: 'success',
      pipelineExitCodes: [1, 0],
      pipelineClassification: 'unavailable',
    });
  });

  it('reports pipeline facts as unavailable when the snapshot is missing', () => {
    const analysis = analyzer.analyze('ls | grep x');
    expect(classifyBashExit({ analysis, termination: 'exited', exitCode: 1 })).toEqual({
      exitCode: 1,
      outcome: 'failure',
      pipelineClassification: 'unavailable',
    });
  });
});
