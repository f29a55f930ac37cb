// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are Bash source, where ${…} is parameter expansion.
import { beforeAll, describe, expect, it } from 'vitest';
import { type BashAnalyzer, createBashAnalyzer } from './create-bash-analyzer.js';

const word = (text: string, value: string | null = text) => ({
  text,
  value,
  dynamic: value === null,
});

describe('createBashAnalyzer', () => {
  let analyzer: BashAnalyzer;
  beforeAll(async () => {
    analyzer = await createBashAnalyzer();
  });

  it('returns the whole structured analysis of a pipeline, list and background operator', () => {
    const source = 'FOO=1 grep -n "a b" $x *.c 2>&1 >&2 < in | sort -o out && echo \'q\' &';
    const duplicateStderr = {
      text: '2>&1',
      operator: '>&',
      descriptor: 2,
      kind: 'duplicate',
      target: word('1'),
      discards: false,
    };
    const duplicateStdout = {
      text: '>&2',
      operator: '>&',
      descriptor: null,
      kind: 'duplicate',
      target: word('2'),
      discards: false,
    };
    const readInput = {
      text: '< in',
      operator: '<',
      descriptor: null,
      kind: 'read',
      target: word('in'),
      discards: false,
    };
    expect(analyzer.analyze(source)).toEqual({
      source,
      parsed: true,
      commands: [
        {
          text: 'FOO=1 grep -n "a b" $x *.c',
          start: 0,
          end: 26,
          assignments: [word('FOO=1')],
          executable: word('grep'),
          arguments: [word('-n'), word('"a b"', 'a b'), word('$x', null), word('*.c', null)],
          redirections: [duplicateStderr, duplicateStdout, readInput],
          substituted: false,
        },
        {
          text: 'sort -o out',
          start: 43,
          end: 54,
          assignments: [],
          executable: word('sort'),
          arguments: [word('-o'), word('out')],
          redirections: [],
          substituted: false,
        },
        {
          text: "echo 'q'",
          start: 58,
          end: 66,
          assignments: [],
          executable: word('echo'),
          arguments: [word("'q'", 'q')],
          redirections: [],
          substituted: false,
        },
      ],
      pipelines: [
        {
          text: 'FOO=1 grep -n "a b" $x *.c 2>&1 >&2 < in | sort -o out',
          start: 0,
          end: 54,
          stages: ['FOO=1 grep -n "a b" $x *.c 2>&1 >&2 < in', 'sort -o out'],
        },
      ],
      operators: ['&&', '&'],
      statements: 1,
      redirections: [duplicateStderr, duplicateStdout, readInput],
      expansions: [
        { kind: 'parameter', text: '$x' },
        { kind: 'glob', text: '*.c' },
      ],
      substitutions: [],
      compounds: [],
      background: [{ kind: 'ampersand', text: '&' }],
      classification: 'mutating',
      reasons: [
        'sort -o writes a file',
        'background execution (ampersand)',
        'prefix assignment FOO=1',
      ],
      exitOneOutcome: null,
      pipeline: {
        snapshot: false,
        classification: 'unavailable',
        reason: 'background execution',
        stages: [],
      },
      segments: [
        {
          text: 'FOO=1 grep -n "a b" $x *.c',
          name: 'grep',
          argv: null,
          command: null,
          readOnly: false,
          via: [],
          assignments: ['FOO=1'],
          redirections: [duplicateStderr, duplicateStdout, readInput],
        },
        {
          text: 'sort -o out',
          name: 'sort',
          argv: ['sort', '-o', 'out'],
          command: 'sort -o out',
          readOnly: false,
          via: [],
          assignments: [],
          redirections: [],
        },
        {
          text: "echo 'q'",
          name: 'echo',
          argv: ['echo', 'q'],
          command: 'echo q',
          readOnly: true,
          via: [],
          assignments: [],
          redirections: [],
        },
      ],
    });
  });

  it('reports commands inside substitutions as substituted', () => {
    const analysis = analyzer.analyze('echo "$(rm -f x)" `date` <(ls)');
    expect(analysis.substitutions).toEqual([
      { kind: 'command', text: '$(rm -f x)' },
      { kind: 'command', text: '`date`' },
      { kind: 'process', text: '<(ls)' },
    ]);
    expect(
      analysis.commands.map((command) => [command.executable?.value, command.substituted]),
    ).toEqual([
      ['rm', true],
      ['date', true],
      ['ls', true],
      ['echo', false],
    ]);
  });

  it('resolves quoting, escapes and ANSI-C strings to literal values', () => {
    const analysis = analyzer.analyze(
      `printf 'it'"'"'s' a\\ b "q\\"x\\$y" $'tab\\there\\x41' ~/x {a,b}`,
    );
    expect(analysis.commands[0]?.arguments).toEqual([
      word(`'it'"'"'s'`, "it's"),
      word('a\\ b', 'a b'),
      word('"q\\"x\\$y"', 'q"x$y'),
      word("$'tab\\there\\x41'", 'tab\thereA'),
      word('~/x', null),
      word('{a,b}', null),
    ]);
    expect(analysis.expansions.map((expansion) => expansion.kind)).toEqual(['tilde', 'brace']);
  });

  it('classifies redirections by effect, treating /dev/null as a discard', () => {
    const analysis = analyzer.analyze('cmd <<<"in" >/dev/null 2>err 3>&- >> log >& both 0<&3');
    expect(
      analysis.redirections.map(({ operator, kind, discards }) => [operator, kind, discards]),
    ).toEqual([
      ['<<<', 'herestring', false],
      ['>', 'write', true],
      ['>', 'write', false],
      ['>&-', 'close', false],
      ['>>', 'write', false],
      ['>&', 'write', false],
      ['<&', 'duplicate', false],
    ]);
  });

  it('flags disown, coproc, setsid and & inside subshells as background use', () => {
    expect(
      analyzer
        .analyze('(sleep 1 &); sleep 2 & disown; coproc cat; setsid x')
        .background.map((use) => use.kind),
    ).toEqual(['ampersand', 'ampersand', 'disown', 'coproc', 'setsid']);
  });

  it('returns unknown without parsing when the source is too long', () => {
    const analysis = analyzer.analyze(`echo ${'x'.repeat(300_000)}`);
    expect({
      parsed: analysis.parsed,
      classification: analysis.classification,
      reasons: analysis.reasons,
    }).toEqual({
      parsed: false,
      classification: 'unknown',
      reasons: ['source is too long to analyse'],
    });
  });

  it('keeps offsets in UTF-16 units for non-ASCII source', () => {
    const analysis = analyzer.analyze('echo héllo 日本 | wc -c');
    expect(analysis.commands.map((command) => [command.text, command.start, command.end])).toEqual([
      ['echo héllo 日本', 0, 13],
      ['wc -c', 16, 21],
    ]);
  });

  it('shares one grammar between analyzers', async () => {
    const second = await createBashAnalyzer();
    expect(second.analyze('ls -la').classification).toBe('read-only');
    expect(analyzer.analyze('ls -la').classification).toBe('read-only');
  });

  it('throws a TypeError when the command is not a string', () => {
    expect(() => analyzer.analyze(42 as unknown as string)).toThrow(
      new TypeError('analyze: command must be a string, received number'),
    );
  });
});
