import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeNodeOptions } from './node-options.js';
import { defaultSkillSources, userConfigDirectory } from './skill-sources.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('defaultSkillSources', () => {
  it('returns the workspace sources before the user ones', () => {
    expect(
      defaultSkillSources({ workspace: '/w', configDirectory: '/c', homeDirectory: '/h' }),
    ).toEqual([
      { origin: 'local-toolcall', directory: path.resolve('/w/.toolcall/skills') },
      { origin: 'local-agents', directory: path.resolve('/w/.agents/skills') },
      { origin: 'global-toolcall', directory: path.resolve('/c/skills') },
      { origin: 'global-agents', directory: path.resolve('/h/.agents/skills') },
    ]);
  });

  it('is what the node families serve when no skillSources are given', () => {
    const options = { workspace: '/w', configDirectory: '/c', homeDirectory: '/h' };
    expect(normalizeNodeOptions(options).skillSources).toEqual(defaultSkillSources(options));
  });

  it('puts the user sources below XDG_CONFIG_HOME when it is set, else below HOME/.config', () => {
    vi.stubEnv('XDG_CONFIG_HOME', '/x');
    expect(userConfigDirectory('/h')).toBe(path.join('/x', 'toolcall'));
    expect(defaultSkillSources({ workspace: '/w', homeDirectory: '/h' })[2]).toEqual({
      origin: 'global-toolcall',
      directory: path.resolve('/x/toolcall/skills'),
    });
    vi.stubEnv('XDG_CONFIG_HOME', '');
    expect(userConfigDirectory('/h')).toBe(path.join('/h', '.config', 'toolcall'));
  });

  it('throws a TypeError naming a missing workspace', () => {
    expect(() => defaultSkillSources({ workspace: '' })).toThrow(/options\.workspace/);
  });
});
