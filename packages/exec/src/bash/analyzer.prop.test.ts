import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, expect } from 'vitest';
import { type BashAnalyzer, createBashAnalyzer } from './create-bash-analyzer.js';

let analyzer: BashAnalyzer;
beforeAll(async () => {
  analyzer = await createBashAnalyzer();
});

const shellish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'ls',
        'cat',
        'grep',
        'rm',
        'sed',
        'find',
        'git',
        'echo',
        '-i',
        '-delete',
        'x',
        '/dev/null',
      ),
      fc.constantFrom(
        ' ',
        ' ',
        '|',
        '&&',
        '||',
        ';',
        '&',
        '>',
        '>>',
        '<',
        '2>&1',
        '>&2',
        '$(',
        ')',
        '`',
        '<(',
        '"',
        "'",
        '\\',
        '\n',
        '$x',
        '${',
        '}',
        '#',
        '*',
        '{',
        '(',
        '<<EOF\n',
        '\nEOF\n',
      ),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''));

// Fragments that can never open a quote, comment or heredoc around what follows them.
const statementish = fc
  .array(
    fc.constantFrom(
      'ls',
      'cat',
      'grep',
      'x',
      '-i',
      ' ',
      '|',
      '&&',
      '||',
      ';',
      '&',
      '>',
      '<',
      '2>&1',
      '>&2',
      '$x',
      '*',
    ),
    {
      maxLength: 16,
    },
  )
  .map((parts) => parts.join(' '));

const targets = fc
  .stringMatching(/^[a-z][a-z0-9._/-]{0,12}$/)
  .filter((target) => target !== '/dev/null');

describe('analyze', () => {
  test.prop([fc.string({ maxLength: 200 })])('never throws on arbitrary strings', (source) => {
    const analysis = analyzer.analyze(source);
    expect(['read-only', 'mutating', 'unknown']).toContain(analysis.classification);
  });

  test.prop([shellish])(
    'never throws on shell-like strings and proves read-only only with no reasons',
    (source) => {
      const analysis = analyzer.analyze(source);
      expect(analysis.classification === 'read-only').toBe(analysis.reasons.length === 0);
      if (!analysis.parsed) expect(analysis.classification).toBe('unknown');
    },
  );

  test.prop([shellish])(
    'proves read-only only without writes, substitutions, background or dynamic names',
    (source) => {
      const analysis = analyzer.analyze(source);
      if (analysis.classification !== 'read-only') return;
      expect({
        parsed: analysis.parsed,
        writes: analysis.redirections.filter(
          (redirection) => redirection.kind === 'write' && !redirection.discards,
        ),
        substitutions: analysis.substitutions,
        background: analysis.background,
        dynamicNames: analysis.commands.filter((command) => command.executable?.dynamic === true),
      }).toEqual({ parsed: true, writes: [], substitutions: [], background: [], dynamicNames: [] });
    },
  );

  test.prop([
    statementish,
    fc.constantFrom('>', '>>', '>|', '&>', '1>', '2>', '&>>'),
    targets,
    statementish,
  ])(
    'is never read-only with an unquoted write to a file other than /dev/null',
    (before, operator, target, after) => {
      const source = `ls ${operator} ${target}`;
      expect(analyzer.analyze(source).classification).toBe('mutating');
      expect(analyzer.analyze(`${before}\n${source}\n${after}`).classification).not.toBe(
        'read-only',
      );
    },
  );

  test.prop([statementish, fc.constantFrom('$(rm x)', '`rm x`', '<(ls)', '>(cat)', '$(ls)')])(
    'is never read-only with a command or process substitution',
    (before, substitution) => {
      expect(analyzer.analyze(`echo ${substitution}`).classification).not.toBe('read-only');
      expect(analyzer.analyze(`${before}\necho ${substitution}`).classification).not.toBe(
        'read-only',
      );
    },
  );

  test.prop([fc.integer({ min: 1, max: 3000 })])(
    'degrades deep nesting to unknown without overflowing',
    (depth) => {
      const analysis = analyzer.analyze(`${'( '.repeat(depth)}ls${' )'.repeat(depth)}`);
      expect(analysis.classification).toBe(
        depth < 60 ? 'read-only' : analysis.parsed ? 'read-only' : 'unknown',
      );
    },
  );
});
