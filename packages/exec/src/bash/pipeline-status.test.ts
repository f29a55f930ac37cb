// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are Bash source, where ${…} is parameter expansion.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BashAnalyzer, createBashAnalyzer } from './create-bash-analyzer.js';
import { classifyBashExit } from './exit-outcome.js';
import { createPipelineSnapshotSuffix, parsePipelineSnapshot } from './pipeline-status.js';

const nonce = 'test-nonce-1234';
const scratch = mkdtempSync(join(tmpdir(), 'toolcall-pipeline-'));

function run(source: string, args: string[] = []) {
  const result = spawnSync('bash', ['--noprofile', '--norc', '-c', source, 'bash', ...args], {
    cwd: scratch,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 20_000,
  });
  return {
    stdout: result.stdout,
    stderr: result.stderr,
    status: result.status,
    snapshot: String(result.output[3] ?? ''),
  };
}

describe('createPipelineSnapshotSuffix', () => {
  let analyzer: BashAnalyzer;
  beforeAll(async () => {
    analyzer = await createBashAnalyzer();
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const suffix = createPipelineSnapshotSuffix({ nonce, target: { fd: 3 } });

  // [source, positional args, expected exit codes, failed stages, outcome, summary]
  const cases: [string, string[], number[], number[], string, string | null][] = [
    ['yes | head -n 2', [], [141, 0], [], 'success', null],
    ["printf 'a\\nb\\n' | grep -q z", [], [0, 1], [], 'no-match', null],
    ["printf 'a\\n' | grep a | wc -l", [], [0, 0, 0], [], 'success', null],
    ['false | cat', [], [1, 0], [1], 'failure', 'Pipeline stage 1 failed.'],
    [
      'ls /nonexistent-toolcall-dir | wc -l',
      [],
      [2, 0],
      [1],
      'failure',
      'Pipeline stage 1 failed.',
    ],
    [
      'cat /nonexistent-toolcall-file | grep x | wc -l',
      [],
      [1, 1, 0],
      [1],
      'failure',
      'Pipeline stage 1 failed.',
    ],
    ["printf 'a\\n' | diff - /dev/null", [], [0, 1], [], 'different', null],
    ['false | false | true', [], [1, 1, 0], [1, 2], 'failure', 'Pipeline stages 1 and 2 failed.'],
    ['true | false', [], [0, 1], [2], 'failure', 'Pipeline stage 2 failed.'],
    ['for f in a b c; do echo "$f"; done | tail -n 1', [], [0, 0], [], 'success', null],
    ['n=3; seq 1 "$n" | tail -n 1', [], [0, 0], [], 'success', null],
    ['printf \'%s\\n\' "$@" | wc -l', ['x', 'y'], [0, 0], [], 'success', null],
    ['echo $# | cat', ['a'], [0, 0], [], 'success', null],
    ["sh -c 'kill -9 $$' | cat", [], [137, 0], [1], 'failure', 'Pipeline stage 1 failed.'],
    ['yes | head -n 1 | grep -q n', [], [141, 0, 1], [], 'no-match', null],
    ['echo hi >&2 | cat', [], [0, 0], [], 'success', null],
    [
      'cd / && true; ls /nonexistent-toolcall-dir 2>&1 | head -n 1',
      [],
      [2, 0],
      [1],
      'failure',
      'Pipeline stage 1 failed.',
    ],
  ];

  it.each(cases)(
    'observes %j exactly as plain bash does',
    (source, args, codes, failed, outcome, summary) => {
      const analysis = analyzer.analyze(source);
      expect(analysis.pipeline).toMatchObject({ snapshot: true, classification: 'eligible' });
      const plain = run(source, args);
      const observed = run(source + suffix, args);
      expect({ stdout: observed.stdout, stderr: observed.stderr, status: observed.status }).toEqual(
        {
          stdout: plain.stdout,
          stderr: plain.stderr,
          status: plain.status,
        },
      );
      const snapshot = parsePipelineSnapshot(observed.snapshot, nonce);
      expect(snapshot).toEqual({ status: plain.status, exitCodes: codes });
      expect(
        classifyBashExit({ analysis, termination: 'exited', exitCode: plain.status, snapshot }),
      ).toEqual({
        exitCode: plain.status,
        outcome,
        pipelineExitCodes: codes,
        pipelineFailedStages: failed,
        pipelineClassification: 'classified',
        ...(summary === null ? {} : { pipelineSummary: summary }),
      });
    },
  );

  it('leaves yes | head && echo continued behaving as plain bash', () => {
    const source = 'yes | head -n 2 && echo continued';
    const analysis = analyzer.analyze(source);
    expect(analysis.pipeline).toEqual({
      snapshot: true,
      classification: 'unavailable',
      reason: 'the source does not end in its pipeline',
      stages: [],
    });
    const plain = run(source);
    const observed = run(source + suffix);
    expect(plain).toMatchObject({ stdout: 'y\ny\ncontinued\n', status: 0 });
    expect({ ...observed, snapshot: '' }).toEqual({ ...plain, snapshot: '' });
    const snapshot = parsePipelineSnapshot(observed.snapshot, nonce);
    expect(classifyBashExit({ analysis, termination: 'exited', exitCode: 0, snapshot })).toEqual({
      exitCode: 0,
      outcome: 'success',
      pipelineExitCodes: [0],
      pipelineClassification: 'unavailable',
    });
  });

  it('writes the snapshot to a file target', () => {
    const path = join(scratch, 'status');
    const observed = run(
      `false | true${createPipelineSnapshotSuffix({ nonce, target: { path } })}`,
    );
    expect(observed.status).toBe(0);
    expect(parsePipelineSnapshot(readFileSync(path, 'utf8'), nonce)).toEqual({
      status: 0,
      exitCodes: [1, 0],
    });
  });

  it('stays silent when the descriptor is not open', () => {
    const observed = spawnSync('bash', ['--noprofile', '--norc', '-c', `true | false${suffix}`], {
      encoding: 'utf8',
    });
    expect({ stdout: observed.stdout, stderr: observed.stderr, status: observed.status }).toEqual({
      stdout: '',
      stderr: '',
      status: 1,
    });
  });

  it('throws a TypeError for a malformed nonce or target', () => {
    expect(() => createPipelineSnapshotSuffix({ nonce: 'x y', target: { fd: 3 } })).toThrow(
      TypeError,
    );
    expect(() => createPipelineSnapshotSuffix({ nonce, target: { fd: 1 } })).toThrow(/target.fd/);
    expect(() => createPipelineSnapshotSuffix({ nonce, target: { path: 'relative' } })).toThrow(
      /absolute/,
    );
  });
});

describe('parsePipelineSnapshot', () => {
  it('returns null when no line carries the nonce', () => {
    expect(parsePipelineSnapshot('toolcall-pipestatus other 0 0 0\n', nonce)).toBeNull();
  });

  it('ignores malformed lines and keeps the last well-formed one', () => {
    const text = `toolcall-pipestatus ${nonce} 1 1\ntoolcall-pipestatus ${nonce} x y\ntoolcall-pipestatus ${nonce} 0 141 0\n`;
    expect(parsePipelineSnapshot(text, nonce)).toEqual({ status: 0, exitCodes: [141, 0] });
  });
});

describe('planFinalPipeline', () => {
  let analyzer: BashAnalyzer;
  beforeAll(async () => {
    analyzer = await createBashAnalyzer();
  });

  // [source, snapshot allowed, classification]
  const plans: [string, boolean, 'eligible' | 'unavailable'][] = [
    ['ls | wc -l', true, 'eligible'],
    ['ls | grep x > out', true, 'eligible'],
    ['cd src; ls | wc -l', true, 'eligible'],
    ['ls | wc; ls | wc', true, 'unavailable'],
    ['ls | wc && echo done', true, 'unavailable'],
    ['cd x && ls | wc', true, 'unavailable'],
    ['(ls) | wc', false, 'unavailable'],
    ['for f in *; do ls | wc; done | tail', true, 'unavailable'],
    ['echo $(ls) | wc', false, 'unavailable'],
    ["echo '$(ls)' | wc", false, 'unavailable'],
    ['echo `ls` | wc', false, 'unavailable'],
    ['cat <(ls) | wc', false, 'unavailable'],
    ['echo $((1+2)) | cat', false, 'unavailable'],
    ['echo ${x:-y} | cat', false, 'unavailable'],
    ['echo ${x} | cat', true, 'eligible'],
    ['echo ${!x} | cat', false, 'unavailable'],
    ['echo ${a[0]} | cat', false, 'unavailable'],
    ['echo $HOME | cat', false, 'unavailable'],
    ['echo $_ | cat', false, 'unavailable'],
    ['echo $1 | cat', false, 'unavailable'],
    ['echo $@ | cat', false, 'unavailable'],
    ['echo $? | cat', true, 'eligible'],
    ["trap 'echo bye' EXIT; ls | wc", false, 'unavailable'],
    ['eval ls | wc', false, 'unavailable'],
    ['$cmd | wc', false, 'unavailable'],
    ['test -f x | cat', false, 'unavailable'],
    ['[ -f x ] | cat', false, 'unavailable'],
    ['declare x=1; ls | wc', false, 'unavailable'],
    ['let x=1; ls | wc', false, 'unavailable'],
    ['f() { ls; }; f | wc', false, 'unavailable'],
    ['printf -v x y | cat', false, 'unavailable'],
    ["printf '%n' | cat", false, 'unavailable'],
    ['printf "$fmt" | cat', false, 'unavailable'],
    ['X=1 ls | wc', false, 'unavailable'],
    ['_=1; ls | wc', false, 'unavailable'],
    ['exit 1; ls | wc', false, 'unavailable'],
    ['set -o pipefail; ls | wc', false, 'unavailable'],
    ['ls | wc &', false, 'unavailable'],
    ['ls | wc \\', false, 'unavailable'],
    ['for F in a; do echo "$F"; done | cat', false, 'unavailable'],
    ['for f in a; do for g in b; do echo; done; done | cat', true, 'unavailable'],
    ['ls | { wc; }', false, 'unavailable'],
    ['! ls | wc', false, 'unavailable'],
  ];

  it.each(plans)('plans %j as snapshot=%s, %s', (source, snapshot, classification) => {
    expect(analyzer.analyze(source).pipeline).toMatchObject({ snapshot, classification });
  });

  it('returns null for sources without a pipeline', () => {
    expect(analyzer.analyze('ls -la').pipeline).toBeNull();
  });
});
