import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { validateMetadata } from './skill-metadata.js';

const valid = { name: 'pdf-forms', description: 'Fill PDF forms. Use for PDF work.' };

function reasonOf(data: Record<string, unknown>, folder = 'pdf-forms'): string | undefined {
  const result = validateMetadata(data, folder);
  return result.success ? undefined : result.reason;
}

describe('validateMetadata', () => {
  it('returns the metadata of a valid front matter, optional keys included', () => {
    expect(
      validateMetadata(
        {
          ...valid,
          license: 'MIT',
          compatibility: 'Needs poppler',
          'allowed-tools': 'Read Bash(pdftotext:*)',
          metadata: { author: 'team', version: '1.0' },
          'argument-hint': 'ignored by the convention, kept out',
        },
        'pdf-forms',
      ),
    ).toEqual({
      success: true,
      value: {
        ...valid,
        license: 'MIT',
        compatibility: 'Needs poppler',
        allowedTools: ['Read', 'Bash(pdftotext:*)'],
        metadata: { author: 'team', version: '1.0' },
      },
    });
  });

  it('reports a missing name and a missing description together', () => {
    expect(reasonOf({})).toBe(
      'name is missing (required: the folder name, lowercase letters, digits and -); description is missing (required: what the skill does and when to use it)',
    );
  });

  it('reports names that break the convention', () => {
    expect(reasonOf({ ...valid, name: 'PDF' }, 'PDF')).toBe(
      'name "PDF" must be lowercase letters, digits and single hyphens, not at either end',
    );
    expect(reasonOf({ ...valid, name: 'a--b' }, 'a--b')).toMatch(/single hyphens/);
    expect(reasonOf({ ...valid, name: '-a' }, '-a')).toMatch(/not at either end/);
    expect(reasonOf({ ...valid, name: 'a'.repeat(65) }, 'a'.repeat(65))).toBe(
      'name must be 1 to 64 characters, found 65',
    );
    expect(reasonOf({ ...valid, name: 7 })).toBe('name must be a string, found 7');
  });

  it('reports a name that differs from its folder', () => {
    expect(reasonOf(valid, 'pdf')).toBe('name "pdf-forms" must match its folder name "pdf"');
  });

  it('reports an empty, non-string or oversized description', () => {
    expect(reasonOf({ ...valid, description: '  ' })).toBe(
      'description must be a non-empty string, found "  "',
    );
    expect(reasonOf({ ...valid, description: ['a'] })).toBe(
      'description must be a non-empty string, found ["a"]',
    );
    expect(reasonOf({ ...valid, description: 'x'.repeat(1025) })).toBe(
      'description is 1025 characters; at most 1024 are allowed',
    );
  });

  it('reports mistyped optional keys', () => {
    expect(
      reasonOf({
        ...valid,
        compatibility: 'c'.repeat(501),
        license: 3,
        'allowed-tools': { Read: true },
        metadata: { version: 1.5, author: 'me' },
      }),
    ).toBe(
      'license must be a non-empty string, found 3; compatibility is 501 characters; at most 500 are allowed; allowed-tools must be a space-separated string, found {"Read":true}; metadata.version must be a string (quote it), found 1.5',
    );
    expect(reasonOf({ ...valid, metadata: ['a'] })).toBe(
      'metadata must be a mapping of string keys to string values, found ["a"]',
    );
  });

  test.prop([
    fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,10}){0,3}$/),
    fc.string({ minLength: 1, maxLength: 1024 }).filter((text) => text.trim() !== ''),
  ])('accepts every conventional name that matches its folder', (name, description) => {
    expect(validateMetadata({ name, description }, name).success).toBe(true);
  });

  test.prop([fc.string({ maxLength: 70 })])(
    'accepts a name only when it is conventional',
    (name) => {
      const conventional = /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) && name.length <= 64;
      expect(validateMetadata({ name, description: 'd' }, name).success).toBe(conventional);
    },
  );
});
