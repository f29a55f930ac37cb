import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SkillSourceOption } from '@toolcall/resources/node';
import { createNodeResources } from '@toolcall/resources/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSkillCatalog } from './skill-catalog.js';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-skills-')));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function write(relative: string, content: string | Uint8Array): Promise<void> {
  const file = path.join(root, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

const skillFile = (name: string, description = `Does ${name}.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`;

async function catalogOf(sources: SkillSourceOption[], maxSkillBytes = 4096) {
  const resources = createNodeResources({ workspace: root, skillSources: sources });
  return loadSkillCatalog({ sources, resources, maxSkillBytes });
}

const local = (): SkillSourceOption => ({
  origin: 'local-toolcall',
  directory: path.join(root, 'a'),
});
const global = (): SkillSourceOption => ({
  origin: 'global-agents',
  directory: path.join(root, 'b'),
});

describe('loadSkillCatalog', () => {
  it('returns each valid skill with its addresses, metadata and body', async () => {
    await write('a/pdf/SKILL.md', skillFile('pdf'));
    const catalog = await catalogOf([local()]);
    expect(catalog.problems).toEqual([]);
    expect(catalog.skills).toEqual([
      {
        folder: 'pdf',
        origin: 'local-toolcall',
        plugin: undefined,
        address: 'skill://local-toolcall/pdf',
        exactAddress: expect.stringMatching(/^skill:\/\/pdf@[0-9a-f]{64}$/),
        directory: path.join(root, 'a', 'pdf'),
        name: 'pdf',
        description: 'Does pdf.',
        metadata: { name: 'pdf', description: 'Does pdf.' },
        body: '# pdf\n',
      },
    ]);
  });

  it('lets the earlier source win a name and keeps the later one as shadowed', async () => {
    await write('a/pdf/SKILL.md', skillFile('pdf', 'Local pdf.'));
    await write('b/pdf/SKILL.md', skillFile('pdf', 'Global pdf.'));
    await write('b/zip/SKILL.md', skillFile('zip'));
    const catalog = await catalogOf([local(), global()]);
    expect(catalog.skills.map((skill) => [skill.address, skill.description])).toEqual([
      ['skill://local-toolcall/pdf', 'Local pdf.'],
      ['skill://global-agents/zip', 'Does zip.'],
    ]);
    expect(catalog.shadowed.map((skill) => [skill.address, skill.description])).toEqual([
      ['skill://global-agents/pdf', 'Global pdf.'],
    ]);
  });

  it('lets a later valid skill take a name whose earlier folder is invalid, reporting that one', async () => {
    await write('a/pdf/SKILL.md', '---\nname: pdf\n---\n');
    await write('b/pdf/SKILL.md', skillFile('pdf', 'Global pdf.'));
    const catalog = await catalogOf([local(), global()]);
    expect(catalog.skills.map((skill) => skill.address)).toEqual(['skill://global-agents/pdf']);
    expect(catalog.problems.map((problem) => [problem.fileAddress, problem.reason])).toEqual([
      [
        'skill://local-toolcall/pdf/SKILL.md',
        'description is missing (required: what the skill does and when to use it)',
      ],
    ]);
  });

  it('reports every invalid folder with its SKILL.md and the reason', async () => {
    await write('a/empty/notes.md', 'no skill file');
    await write('a/bad-yaml/SKILL.md', '---\nname: bad-yaml\ndescription: [oops\n---\n');
    await write('a/mismatch/SKILL.md', skillFile('other'));
    await write('a/huge/SKILL.md', `${skillFile('huge')}${'x'.repeat(5000)}`);
    await write('a/binary/SKILL.md', new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe]));
    await write('a/no-front/SKILL.md', '# Just a title\n');
    await mkdir(path.join(root, 'a', 'folder-skill', 'SKILL.md'), { recursive: true });
    const catalog = await catalogOf([local()]);
    expect(catalog.skills).toEqual([]);
    expect(
      catalog.problems.map((problem) => [problem.fileAddress, problem.file, problem.reason]),
    ).toEqual([
      [
        'skill://local-toolcall/bad-yaml/SKILL.md',
        path.join(root, 'a/bad-yaml/SKILL.md'),
        expect.stringMatching(/^invalid YAML in the front matter at line 3, column \d+: /),
      ],
      [
        'skill://local-toolcall/binary/SKILL.md',
        path.join(root, 'a/binary/SKILL.md'),
        'SKILL.md is not valid UTF-8 text',
      ],
      [
        'skill://local-toolcall/empty/SKILL.md',
        path.join(root, 'a/empty/SKILL.md'),
        'the folder has no SKILL.md',
      ],
      [
        'skill://local-toolcall/folder-skill/SKILL.md',
        path.join(root, 'a/folder-skill/SKILL.md'),
        'SKILL.md is not a regular file',
      ],
      [
        'skill://local-toolcall/huge/SKILL.md',
        path.join(root, 'a/huge/SKILL.md'),
        'SKILL.md is larger than the limit of 4096 bytes',
      ],
      [
        'skill://local-toolcall/mismatch/SKILL.md',
        path.join(root, 'a/mismatch/SKILL.md'),
        'name "other" must match its folder name "mismatch"',
      ],
      [
        'skill://local-toolcall/no-front/SKILL.md',
        path.join(root, 'a/no-front/SKILL.md'),
        'SKILL.md must begin with YAML front matter: a first line --- , the keys, then ---',
      ],
    ]);
  });

  it('refuses a SKILL.md that links outside its skill folder', async () => {
    await write('outside.md', skillFile('escape'));
    await mkdir(path.join(root, 'a', 'escape'), { recursive: true });
    await symlink(path.join(root, 'outside.md'), path.join(root, 'a', 'escape', 'SKILL.md'));
    const catalog = await catalogOf([local()]);
    expect(catalog.skills).toEqual([]);
    expect(catalog.problems.map((problem) => problem.reason)).toEqual([
      'SKILL.md links outside its skill folder',
    ]);
  });

  it('gives a skill its exact address when two sources share its alias', async () => {
    await write('a/pdf/SKILL.md', skillFile('pdf', 'First.'));
    await write('b/pdf/SKILL.md', skillFile('pdf', 'Second.'));
    const sources: SkillSourceOption[] = [
      { origin: 'managed', directory: path.join(root, 'a') },
      { origin: 'managed', directory: path.join(root, 'b') },
    ];
    const catalog = await catalogOf(sources);
    expect(catalog.skills.map((skill) => skill.address)).toEqual([catalog.skills[0]?.exactAddress]);
    expect(catalog.shadowed.map((skill) => skill.address)).toEqual([
      catalog.shadowed[0]?.exactAddress,
    ]);
    expect(catalog.skills[0]?.exactAddress).not.toBe(catalog.shadowed[0]?.exactAddress);
  });

  it('sees edits on the next call', async () => {
    await write('a/pdf/SKILL.md', skillFile('pdf', 'Old.'));
    expect((await catalogOf([local()])).skills[0]?.description).toBe('Old.');
    await write('a/pdf/SKILL.md', skillFile('pdf', 'New.'));
    expect((await catalogOf([local()])).skills[0]?.description).toBe('New.');
  });
});
