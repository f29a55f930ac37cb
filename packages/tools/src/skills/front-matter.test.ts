import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from './front-matter.js';

describe('splitFrontMatter', () => {
  it('returns the parsed keys and the body below the closing fence', () => {
    const text = '---\nname: pdf\ndescription: >-\n  Fill PDF\n  forms.\n---\n\n# PDF\nSteps.\n';
    expect(splitFrontMatter(text)).toEqual({
      success: true,
      value: { data: { name: 'pdf', description: 'Fill PDF forms.' }, body: '# PDF\nSteps.\n' },
    });
  });

  it('accepts a byte order mark and CRLF line ends', () => {
    expect(splitFrontMatter('\uFEFF---\r\nname: a\r\n---\r\nbody')).toEqual({
      success: true,
      value: { data: { name: 'a' }, body: 'body' },
    });
  });

  it('keeps the core schema: dates and version numbers stay as YAML 1.2 reads them', () => {
    const parsed = splitFrontMatter('---\ndate: 2026-01-01\nversion: "1.0"\nn: 1.5\n---\n');
    expect(parsed).toEqual({
      success: true,
      value: { data: { date: '2026-01-01', version: '1.0', n: 1.5 }, body: '' },
    });
  });

  it('returns a reason when the file does not open with a fence', () => {
    expect(splitFrontMatter('# Title\nname: x\n')).toEqual({
      success: false,
      reason: 'SKILL.md must begin with YAML front matter: a first line --- , the keys, then ---',
    });
  });

  it('returns a reason when the front matter is never closed', () => {
    expect(splitFrontMatter('---\nname: x\ndescription: y\n')).toEqual({
      success: false,
      reason: 'the front matter opened on line 1 is never closed by a --- line',
    });
  });

  it('names the file line and column of a YAML error', () => {
    expect(splitFrontMatter('---\nname: x\ndescription: [unclosed\n---\n')).toEqual({
      success: false,
      reason: expect.stringMatching(/^invalid YAML in the front matter at line \d+, column \d+: /),
    });
    const duplicate = splitFrontMatter('---\nname: x\nname: y\n---\n');
    expect(duplicate).toEqual({
      success: false,
      reason: 'invalid YAML in the front matter at line 3, column 1: duplicated mapping key',
    });
  });

  it('refuses aliases and unknown tags instead of expanding or executing them', () => {
    const alias = splitFrontMatter('---\na: &x [1, 2]\nb: *x\n---\n');
    expect(alias.success === false && alias.reason).toMatch(/aliases exceeded maxAliases/);
    const tag = splitFrontMatter('---\nname: !!js/function "f"\n---\n');
    expect(tag.success === false && tag.reason).toMatch(/unknown scalar tag/);
  });

  it('returns a reason when the front matter is not a mapping', () => {
    expect(splitFrontMatter('---\n- a\n- b\n---\n')).toEqual({
      success: false,
      reason: 'the front matter must be a mapping of keys (name, description, …), found a list',
    });
    expect(splitFrontMatter('---\n# no keys\n---\nbody')).toEqual({
      success: false,
      reason: 'the front matter must be a mapping of keys (name, description, …), found nothing',
    });
    expect(splitFrontMatter('---\njust text\n---\n')).toEqual({
      success: false,
      reason: 'the front matter must be a mapping of keys (name, description, …), found a string',
    });
  });
});
