import { describe, expect, it } from 'vitest';
import { skillRenderer, skillRenderers } from './skill-renderer.js';

const context = { summaryOnly: false, status: 'success' as const, id: 'toolu_1' };
const data = {
  skill: 'pdf',
  origin: 'local-toolcall',
  address: 'skill://local-toolcall/pdf',
  files: 3,
  truncated: false,
};

describe('skillRenderer', () => {
  it('returns the skill, its origin and its file count, with the result folded away', () => {
    expect(skillRenderer('Skill', { skill: 'pdf' }, 'Skill pdf …', data, context)).toEqual({
      header: 'Skill pdf (local-toolcall, 3 files)',
      bodyMode: 'markdown',
      initiallyCollapsed: true,
      body: 'Skill pdf …',
    });
    expect(
      skillRenderer(
        'Skill',
        { skill: 'pdf' },
        'x',
        { ...data, files: 1, truncated: true },
        {
          ...context,
          summaryOnly: true,
        },
      ),
    ).toEqual({
      header: 'Skill pdf (local-toolcall, 1+ file)',
      bodyMode: 'markdown',
      initiallyCollapsed: true,
    });
  });

  it('defers refusals and malformed calls to the generic renderer', () => {
    expect(
      skillRenderer('Skill', { skill: 'x' }, 'Error: …', null, { ...context, status: 'error' }),
    ).toBeNull();
    expect(skillRenderer('Skill', null, 'x', data, context)).toBeNull();
  });

  it('is registered under the tool name', () => {
    expect(skillRenderers).toEqual({ Skill: skillRenderer });
  });
});
