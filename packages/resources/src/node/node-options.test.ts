import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeNodeOptions, sha256 } from './node-options.js';

describe('normalizeNodeOptions', () => {
  it('applies the documented defaults below the workspace and config directories', () => {
    const normalized = normalizeNodeOptions({
      workspace: '/w',
      configDirectory: '/c',
      homeDirectory: '/h',
    });
    expect({
      sessionsDirectory: normalized.sessionsDirectory,
      workspaceWorkDirectory: normalized.workspaceWorkDirectory,
      journalDirectory: normalized.journalDirectory,
      docsDirectory: normalized.docsDirectory,
      memoryRoots: normalized.memoryRoots,
      skillSources: normalized.skillSources,
    }).toEqual({
      sessionsDirectory: path.resolve('/w/.toolcall/sessions'),
      workspaceWorkDirectory: path.resolve('/w/.toolcall/work'),
      journalDirectory: path.resolve('/w/.toolcall/journal'),
      docsDirectory: undefined,
      memoryRoots: [
        {
          label: 'local',
          directory: '/w/.toolcall/memory',
          key: sha256('/w/.toolcall/memory'),
          scope: 'workspace',
        },
        { label: 'global', directory: '/c/memory', key: sha256('/c/memory'), scope: 'user' },
      ],
      skillSources: [
        { origin: 'local-toolcall', directory: '/w/.toolcall/skills' },
        { origin: 'local-agents', directory: '/w/.agents/skills' },
        { origin: 'global-toolcall', directory: '/c/skills' },
        { origin: 'global-agents', directory: '/h/.agents/skills' },
      ],
    });
  });

  it('throws a TypeError naming the option for a missing workspace or plugin name', () => {
    expect(() => normalizeNodeOptions({ workspace: '' })).toThrow(/options\.workspace/);
    expect(() =>
      normalizeNodeOptions({
        workspace: '/w',
        skillSources: [{ origin: 'plugin', directory: '/p' }],
      }),
    ).toThrow(/options\.skillSources\[0\]\.plugin/);
  });
});
