import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeSkillsOptions } from './skill-options.js';

const defaults = [
  { origin: 'local-toolcall', directory: path.resolve('/w/.toolcall/skills') },
  { origin: 'local-agents', directory: path.resolve('/w/.agents/skills') },
  { origin: 'global-toolcall', directory: path.resolve('/c/skills') },
  { origin: 'global-agents', directory: path.resolve('/h/.agents/skills') },
];

describe('normalizeSkillsOptions', () => {
  it('puts the workspace, then the user, then the configured roots in precedence order', () => {
    expect(
      normalizeSkillsOptions('/w', {
        userDirectory: '/c',
        homeDirectory: '/h',
        roots: ['team-skills', { origin: 'plugin', plugin: 'docs', directory: '/p' }],
      }),
    ).toEqual({
      sources: [
        ...defaults,
        { origin: 'managed', directory: path.resolve('/w/team-skills') },
        { origin: 'plugin', plugin: 'docs', directory: path.resolve('/p') },
      ],
      maxSkillBytes: 131_072,
    });
  });

  it('returns undefined for false: no skills at all', () => {
    expect(normalizeSkillsOptions('/w', false)).toBeUndefined();
  });

  it('throws a TypeError naming the bad option and the expected form', () => {
    expect(() =>
      normalizeSkillsOptions('/w', { roots: [{ origin: 'x', directory: '/d' }] } as never),
    ).toThrow(
      /^createToolSet: skills\.roots\[0\] must be a path or \{ origin, directory, plugin\? \} with origin one of local-toolcall, /,
    );
    expect(() =>
      normalizeSkillsOptions('/w', { roots: [{ origin: 'plugin', directory: '/d' }] }),
    ).toThrow(
      'createToolSet: skills.roots[0].plugin must be a plugin name exactly when origin is plugin, received undefined',
    );
    expect(() => normalizeSkillsOptions('/w', { roots: [''] })).toThrow(
      'createToolSet: skills.roots[0] must be a non-empty path, received ',
    );
    expect(() => normalizeSkillsOptions('/w', { maxSkillBytes: 0 })).toThrow(
      'createToolSet: skills.maxSkillBytes must be a positive integer, received 0',
    );
    expect(() => normalizeSkillsOptions('/w', 'yes' as never)).toThrow(
      /^createToolSet: skills must be false or \{/,
    );
  });
});
