import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

let user: string;
let workspace: TestWorkspace;

async function put(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

const skillFile = (name: string, description: string, body: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;

beforeAll(async () => {
  user = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-user-')));
  workspace = await createTestWorkspace({
    skills: { userDirectory: path.join(user, 'config'), homeDirectory: path.join(user, 'home') },
  });
  const local = path.join(workspace.root, '.toolcall', 'skills');
  await put(
    path.join(local, 'pdf', 'SKILL.md'),
    skillFile('pdf', 'Fill PDF forms.', '# PDF\nRun scripts/fill.py, see reference.md.\n'),
  );
  await put(path.join(local, 'pdf', 'reference.md'), 'Field names.\n');
  await put(path.join(local, 'pdf', 'scripts', 'fill.py'), 'print("fill")\n');
  await put(
    path.join(user, 'config', 'skills', 'pdf', 'SKILL.md'),
    skillFile('pdf', 'The user pdf skill.', 'User instructions.\n'),
  );
  await put(
    path.join(user, 'home', '.agents', 'skills', 'broken', 'SKILL.md'),
    '---\nname: broken\n---\n',
  );
});
afterAll(async () => {
  await workspace.dispose();
  await rm(user, { recursive: true, force: true });
});

const PDF_RESULT = [
  'Skill pdf (local-toolcall) loaded from skill://local-toolcall/pdf.',
  'Paths in its instructions are relative to skill://local-toolcall/pdf; Read opens each file:',
  '- skill://local-toolcall/pdf/SKILL.md',
  '- skill://local-toolcall/pdf/reference.md',
  '- skill://local-toolcall/pdf/scripts/fill.py',
  '',
  '# PDF',
  'Run scripts/fill.py, see reference.md.',
].join('\n');

describe('the Skill tool', () => {
  it('loads the skill that wins its name: body and file addresses', async () => {
    const outcome = await workspace.call('Skill', { skill: 'pdf' });
    expect({ status: outcome.status, result: outcome.result }).toEqual({
      status: 'success',
      result: PDF_RESULT,
    });
    expect(outcome.renderData).toEqual({
      skill: 'pdf',
      origin: 'local-toolcall',
      address: 'skill://local-toolcall/pdf',
      files: 3,
      truncated: false,
    });
  });

  it('loads a shadowed skill by its alias, keeping that address in the result', async () => {
    const { status, result } = await workspace.run('Skill', {
      skill: 'skill://global-toolcall/pdf',
    });
    expect(status).toBe('success');
    expect(String(result).split('\n').slice(0, 3)).toEqual([
      'Skill pdf (global-toolcall) loaded from skill://global-toolcall/pdf.',
      'Paths in its instructions are relative to skill://global-toolcall/pdf; Read opens each file:',
      '- skill://global-toolcall/pdf/SKILL.md',
    ]);
  });

  it('loads a skill by its exact address', async () => {
    const catalog = await workspace.toolSet.skills();
    const exact = catalog.skills[0]!.exactAddress;
    const { status, result } = await workspace.run('Skill', { skill: exact });
    expect(status).toBe('success');
    expect(String(result).split('\n')[0]).toBe(`Skill pdf (local-toolcall) loaded from ${exact}.`);
  });

  it('refuses an invalid skill naming its file and the reason', async () => {
    expect(await workspace.run('Skill', { skill: 'broken' })).toEqual({
      status: 'error',
      result:
        'Error: "broken" is not a valid skill: description is missing (required: what the skill does and when to use it) (skill://global-agents/broken/SKILL.md).',
    });
  });

  it('refuses unknown names, unqualified addresses and file addresses', async () => {
    expect(await workspace.run('Skill', { skill: 'nope' })).toEqual({
      status: 'error',
      result:
        'Error: No skill is named "nope". Read skill:// lists every skill with its addresses.',
    });
    const unqualified = await workspace.run('Skill', { skill: 'skill://pdf' });
    expect(unqualified.status).toBe('error');
    expect(unqualified.result).toMatch(/there is no unqualified skill:\/\/NAME/);
    expect(
      await workspace.run('Skill', { skill: 'skill://local-toolcall/pdf/reference.md' }),
    ).toEqual({
      status: 'error',
      result:
        'Error: skill://local-toolcall/pdf/reference.md names a file inside a skill: open it with Read, load the skill by its folder.',
    });
  });

  it('serves the files it lists to Read at their skill:// addresses', async () => {
    const { status, result } = await workspace.run('Read', {
      file_path: 'skill://local-toolcall/pdf/scripts/fill.py',
    });
    expect(status).toBe('success');
    expect(String(result)).toContain('print("fill")');
  });

  it('is standalone only: the entire ToolCall expression, never part of a composed script', async () => {
    const direct = await workspace.run('ToolCall', { expression: '(Skill :skill "pdf")' });
    expect(direct).toEqual({ status: 'success', result: PDF_RESULT });
    const composed = await workspace.run('ToolCall', {
      expression: '(progn (Skill :skill "pdf") 1)',
    });
    expect(composed).toEqual({
      status: 'error',
      result:
        'Error: ToolCall failed (preflight): Skill is standalone-only: it must be the entire expression, without nested calls in its arguments or surrounding forms at 1:8',
    });
  });

  it('is listed to the model with the other skills, the invalid ones reported to the host', async () => {
    const listing = await workspace.toolSet.skillListing({ contextWindow: 200_000 });
    expect(listing.text.split('\n').slice(1)).toEqual(['- pdf: Fill PDF forms.']);
    const catalog = await workspace.toolSet.skills();
    expect(catalog.shadowed.map((skill) => skill.address)).toEqual(['skill://global-toolcall/pdf']);
    expect(catalog.problems.map((problem) => [problem.file, problem.reason])).toEqual([
      [
        path.join(user, 'home', '.agents', 'skills', 'broken', 'SKILL.md'),
        'description is missing (required: what the skill does and when to use it)',
      ],
    ]);
    expect(workspace.toolSet.listing({ contextWindow: 200_000 }).text).toContain(
      '(Skill :skill string) [standalone only]',
    );
  });
});

describe('a permission rule on the Skill tool', () => {
  it('denies one skill by its name fact and leaves the others', async () => {
    const ruled = await createTestWorkspace({
      skills: { userDirectory: path.join(user, 'config'), homeDirectory: path.join(user, 'home') },
      permissions: { mode: 'full-auto', rules: [{ tool: 'Skill', name: 'pdf', action: 'deny' }] },
    });
    try {
      await ruled.write('.toolcall/skills/pdf/SKILL.md', skillFile('pdf', 'd', 'b'));
      await ruled.write('.toolcall/skills/zip/SKILL.md', skillFile('zip', 'd', 'b'));
      const denied = await ruled.call('Skill', { skill: 'pdf' });
      expect([denied.status, denied.error?.code]).toEqual(['error', 'denied']);
      expect((await ruled.run('Skill', { skill: 'zip' })).status).toBe('success');
    } finally {
      await ruled.dispose();
    }
  });
});

describe('createToolSet with skills: false', () => {
  it('registers no Skill tool and serves no skill folder', async () => {
    const off = await createTestWorkspace({ skills: false });
    try {
      await off.write('.toolcall/skills/pdf/SKILL.md', skillFile('pdf', 'd', 'b'));
      expect(off.toolSet.pipeline.tools().some((tool) => tool.name === 'Skill')).toBe(false);
      expect(await off.toolSet.skills()).toEqual({ skills: [], shadowed: [], problems: [] });
      expect(await off.run('Read', { file_path: 'skill://local-toolcall/pdf/SKILL.md' })).toEqual(
        expect.objectContaining({ status: 'error' }),
      );
    } finally {
      await off.dispose();
    }
  });
});
