import { spawnSync } from 'node:child_process';
import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, expect } from 'vitest';
import { type BashAnalyzer, createBashAnalyzer } from './create-bash-analyzer.js';

let analyzer: BashAnalyzer;
beforeAll(async () => {
  analyzer = await createBashAnalyzer();
});

// Pieces of one literal word in every quoting bash offers; none of them expands.
const plain = fc.stringMatching(/^[a-z0-9=.,:_/+-]{1,4}$/);
const singleQuoted = fc.stringMatching(/^[a-z "\\$`{}*?#~\n-]{0,5}$/).map((text) => `'${text}'`);
const doubleQuoted = fc
  .array(
    fc.oneof(
      fc.stringMatching(/^[a-z '{}*?#~\n-]{1,3}$/),
      fc.constantFrom('\\"', '\\\\', '\\$', '\\`', '\\\n', '\\a', '\\n'),
    ),
    { maxLength: 4 },
  )
  .map((parts) => `"${parts.join('')}"`);
const ansiC = fc
  .array(
    fc.oneof(
      fc.stringMatching(/^[a-z "$`{}*?#~-]{1,3}$/),
      fc.constantFrom(
        '\\n',
        '\\t',
        '\\\\',
        "\\'",
        '\\"',
        '\\x41',
        '\\x7e',
        '\\e',
        '\\a',
        '\\?',
        '\\101',
        '\\7',
        '\\0101',
        '\\x4',
      ),
    ),
    { maxLength: 4 },
  )
  .map((parts) => `$'${parts.join('')}'`);
const escaped = fc.constantFrom(
  '\\ ',
  '\\\\',
  "\\'",
  '\\"',
  '\\$',
  '\\*',
  '\\{',
  '\\#',
  '\\;',
  '\\|',
  '\\&',
);
const continuation = fc.constant('\\\n');
const word = fc
  .array(fc.oneof(plain, singleQuoted, doubleQuoted, ansiC, escaped, continuation), {
    minLength: 1,
    maxLength: 5,
  })
  // A word that is only continuations is no word at all.
  .filter((parts) => parts.some((part) => part !== '\\\n'));
const separator = fc.constantFrom(' ', '  ', ' \\\n ', '\t');

function bashArgv(source: string): string[] {
  const run = spawnSync('bash', ['--noprofile', '--norc', '-c', source], { encoding: 'utf8' });
  expect(run.status).toBe(0);
  return run.stdout.split('\0').slice(0, -1);
}

describe('segment words', () => {
  test.prop([fc.array(fc.tuple(word, separator), { minLength: 1, maxLength: 4 })], {
    numRuns: 150,
  })('equal the argv bash passes to the program', (words) => {
    const text = words.map(([parts, gap]) => parts.join('') + gap).join('');
    // A continuation at the very end of the source is a parse error to tree-sitter, so a
    // last word follows.
    const source = `printf '%s\\0' ${text} z`;
    const analysis = analyzer.analyze(source);
    const [segment, ...others] = analysis.segments;
    expect(others).toEqual([]);
    // tree-sitter drops some escapes next to quotes (`''\\$`, `""\\ `) and fails on
    // `$'\\\\'a`; the analyzer notices and refuses the whole source, which proves nothing.
    if (!analysis.parsed) {
      expect(segment?.opaque).toBe('source does not parse');
      return;
    }
    expect(segment?.argv?.slice(2)).toEqual(bashArgv(source));
  });
});

interface Generated {
  readonly source: string;
  /** The command of every segment the source holds; null for a command with a substitution. */
  readonly commands: (string | null)[];
}

const names = fc.constantFrom('ls', 'cat', 'rm', 'git', 'grep', 'sed', 'touch', 'printf');
const argument = fc.stringMatching(/^[a-z0-9._-]{1,5}$/).filter((text) => !text.startsWith('-'));
const simple: fc.Arbitrary<Generated> = fc
  .tuple(names, fc.array(argument, { maxLength: 3 }))
  .map(([name, args]) => {
    const text = [name, ...args].join(' ');
    return { source: text, commands: [text] };
  });
const compound = fc.letrec<{ node: Generated }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    simple,
    fc
      .tuple(tie('node'), fc.constantFrom('; ', ' && ', ' || ', ' | ', '\n'), tie('node'))
      .map(([left, operator, right]) => ({
        source: `${left.source}${operator}${right.source}`,
        commands: [...left.commands, ...right.commands],
      })),
    tie('node').map((inner) => ({ source: `( ${inner.source} )`, commands: inner.commands })),
    tie('node').map((inner) => ({ source: `{ ${inner.source}; }`, commands: inner.commands })),
    tie('node').map((inner) => ({
      source: `echo "$( ${inner.source} )"`,
      commands: [null, ...inner.commands],
    })),
    tie('node').map((inner) => ({
      source: `bash -c '${inner.source.replaceAll("'", "'\\''")}'`,
      commands: inner.commands,
    })),
  ),
})).node;

const sorted = (values: (string | null)[]) =>
  [...values].sort((left, right) => String(left).localeCompare(String(right)));

describe('segments of compound commands', () => {
  test.prop([compound], { numRuns: 300 })(
    'are exactly the generated simple commands, in any order',
    (generated) => {
      const analysis = analyzer.analyze(generated.source);
      const commands = analysis.segments.map((segment) =>
        segment.opaque === undefined ? segment.command : null,
      );
      expect(sorted(commands)).toEqual(sorted(generated.commands));
    },
  );

  const token = fc.constantFrom(
    'ls',
    'cat',
    'git',
    'log',
    'status',
    'rg',
    'sort',
    'find',
    '-o',
    '--output=x',
    '-p',
    '-exec',
    'rm',
    'x',
    'sudo',
    'env',
    'timeout 5',
    'LANG=C',
    'PATH=x',
    ' ',
    ' | ',
    ' && ',
    '; ',
    '\n',
    '>',
    '/dev/null',
    '$(',
    ')',
    "'",
    '"',
    '\\',
    '\\\n',
    '{',
    '}',
    '*',
  );
  test.prop([fc.array(token, { maxLength: 14 }).map((tokens) => tokens.join(''))], {
    numRuns: 400,
  })('are all read-only when the whole source is proved read-only', (source) => {
    const analysis = analyzer.analyze(source);
    if (analysis.classification === 'read-only')
      expect(analysis.segments.filter((segment) => !segment.readOnly)).toEqual([]);
  });

  test.prop([fc.string({ maxLength: 60 })], { numRuns: 300 })(
    'never throw and never leave an unparsable source without a segment',
    (source) => {
      const analysis = analyzer.analyze(source);
      if (!analysis.parsed) expect(analysis.segments.length).toBeGreaterThan(0);
    },
  );
});
