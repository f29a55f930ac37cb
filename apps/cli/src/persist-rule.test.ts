import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isConfigTrusted, openSessionOrThrow, trustConfigFile } from '@toolcall/tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRulePersister, formatRule } from './persist-rule.js';
import { buildToolSet } from './tool-set.js';

let root: string;
let savedXdg: string | undefined;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolcall-cli-rule-')));
  // The trust store of these tests is theirs, never the user's.
  savedXdg = process.env.XDG_CONFIG_HOME;
  process.env.XDG_CONFIG_HOME = join(root, '.xdg');
});
afterEach(() => {
  if (savedXdg === undefined) delete process.env.XDG_CONFIG_HOME;
  else process.env.XDG_CONFIG_HOME = savedXdg;
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function toolSet(answer: 'allow-always' | 'allow-session') {
  const session = await openSessionOrThrow({ workspace: root, sessionId: 's1' });
  const set = buildToolSet({
    session,
    sandbox: 'off',
    permissions: { mode: 'ask', rules: [] },
    askUser: () => answer,
    hooks: [],
  });
  return {
    ...set,
    close: async () => {
      await set.close();
      await session.close();
    },
  };
}

const config = async () =>
  JSON.parse(await readFile(join(root, '.toolcall', 'config.json'), 'utf8')) as unknown;

describe('formatRule', () => {
  it('returns the --allow spelling of a rule', () => {
    expect(formatRule({ tool: 'Bash', pattern: 'git log*', action: 'allow' })).toBe(
      'Bash(git log*)',
    );
    expect(formatRule({ tool: 'ApplyPatch', path: 'a.txt', action: 'allow' })).toBe(
      'ApplyPatch(path:a.txt)',
    );
    expect(formatRule({ tool: 'WebFetch', domain: 'x.org', action: 'allow' })).toBe(
      'WebFetch(domain:x.org)',
    );
    expect(formatRule({ tool: 'Ask', action: 'allow' })).toBe('Ask');
  });
});

describe('buildToolSet', () => {
  it('saves the rule of an allow-always answer to .toolcall/config.json, keeping the rest', async () => {
    await mkdir(join(root, '.toolcall'));
    await writeFile(join(root, '.toolcall', 'config.json'), '{"sandbox":"off"}\n');
    await writeFile(join(root, 'a.txt'), 'a\n');
    const set = await toolSet('allow-always');
    const outcome = await set.pipeline.runTool({
      name: 'ApplyPatch',
      input: { patch: '*** Begin Patch\n*** Delete File: a.txt\n*** End Patch' },
      toolUseId: 'toolu_1',
    }).outcome;
    await set.close();
    expect(outcome.status).toBe('success');
    expect(await config()).toEqual({
      sandbox: 'off',
      permissions: { allow: ['ApplyPatch(path:a.txt)'] },
    });
  });

  it('writes nothing for an allow-session answer', async () => {
    await writeFile(join(root, 'b.txt'), 'b\n');
    const set = await toolSet('allow-session');
    const outcome = await set.pipeline.runTool({
      name: 'ApplyPatch',
      input: { patch: '*** Begin Patch\n*** Delete File: b.txt\n*** End Patch' },
      toolUseId: 'toolu_2',
    }).outcome;
    await set.close();
    expect(outcome.status).toBe('success');
    await expect(config()).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('createRulePersister', () => {
  const file = () => join(root, '.toolcall', 'config.json');
  const environment = () => ({ XDG_CONFIG_HOME: join(root, 'user-config') });
  const trusted = async () => {
    const content = await readFile(file(), 'utf8');
    const result = await isConfigTrusted({ file: file(), content, environment: environment() });
    return result.success && result.value;
  };
  const rule = { tool: 'Read', path: 'a.txt', action: 'allow' } as const;

  it('keeps a trusted file trusted with the rule it appended', async () => {
    await mkdir(join(root, '.toolcall'));
    await writeFile(file(), '{"permissions":{"mode":"edits"}}\n');
    await trustConfigFile({ file: file(), environment: environment() });
    const persister = createRulePersister(file(), environment());
    persister.add(rule);
    await persister.flush();
    expect(await config()).toEqual({ permissions: { mode: 'edits', allow: ['Read(path:a.txt)'] } });
    expect(await trusted()).toBe(true);
  });

  it('trusts a file it creates', async () => {
    const persister = createRulePersister(file(), environment());
    persister.add(rule);
    await persister.flush();
    expect(await trusted()).toBe(true);
  });

  it('leaves an untrusted file untrusted: the answer never trusts what a tool wrote', async () => {
    await mkdir(join(root, '.toolcall'));
    await writeFile(file(), '{"permissions":{"mode":"full-auto"}}\n');
    const persister = createRulePersister(file(), environment());
    persister.add(rule);
    await persister.flush();
    expect(await config()).toEqual({
      permissions: { mode: 'full-auto', allow: ['Read(path:a.txt)'] },
    });
    expect(await trusted()).toBe(false);
  });
});
