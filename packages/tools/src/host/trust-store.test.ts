import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  hashConfig,
  isConfigTrusted,
  listTrustedConfigs,
  revokeConfigTrust,
  trustConfigFile,
  trustStorePath,
} from './trust-store.js';

let root: string;
let environment: NodeJS.ProcessEnv;
let file: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'toolcall-trust-')));
  environment = { XDG_CONFIG_HOME: join(root, 'xdg'), HOME: join(root, 'home') };
  file = join(root, 'ws', '.toolcall', 'config.json');
  await mkdir(join(root, 'ws', '.toolcall'), { recursive: true });
  await writeFile(file, '{"permissions":{"mode":"full-auto"}}');
});
afterEach(() => rm(root, { recursive: true, force: true }));

const trusted = async (content: string, at = file) => {
  const result = await isConfigTrusted({ file: at, content, environment });
  if (!result.success) throw result.error;
  return result.value;
};

describe('trustStorePath', () => {
  it('returns the XDG config directory, else ~/.config', () => {
    expect(trustStorePath({ XDG_CONFIG_HOME: '/x', HOME: '/h' })).toBe('/x/toolcall/trusted.json');
    expect(trustStorePath({ HOME: '/h' })).toBe('/h/.config/toolcall/trusted.json');
  });
});

describe('trustConfigFile', () => {
  it('trusts the exact content, and nothing else', async () => {
    const content = await readFile(file, 'utf8');
    expect(await trusted(content)).toBe(false);
    const result = await trustConfigFile({ file, environment, now: () => new Date(0) });
    expect(result).toEqual({
      success: true,
      value: { file, sha256: hashConfig(content), trustedAt: '1970-01-01T00:00:00.000Z' },
    });
    expect(await trusted(content)).toBe(true);
    expect(await trusted(`${content} `)).toBe(false);
  });

  it('writes the store atomically, leaving no temporary file', async () => {
    await trustConfigFile({ file, environment });
    const directory = join(root, 'xdg', 'toolcall');
    expect(await readdir(directory)).toEqual(['trusted.json']);
    const store = JSON.parse(await readFile(join(directory, 'trusted.json'), 'utf8'));
    expect(Object.keys(store.files)).toEqual([file]);
  });

  it('refuses a config file reached through a symbolic link', async () => {
    const other = join(root, 'other', '.toolcall');
    await mkdir(other, { recursive: true });
    await symlink(file, join(other, 'config.json'));
    await trustConfigFile({ file, environment });
    const content = await readFile(file, 'utf8');
    // The link's target is trusted; the link in another workspace is not.
    expect(await trusted(content, join(other, 'config.json'))).toBe(false);
    const result = await trustConfigFile({ file: join(other, 'config.json'), environment });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain('is a symbolic link');
  });

  it('reports a store that is not JSON and trusts nothing by it', async () => {
    await mkdir(join(root, 'xdg', 'toolcall'), { recursive: true });
    await writeFile(trustStorePath(environment), '{not json');
    const result = await isConfigTrusted({ file, content: 'x', environment });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.code).toBe('trust-store-unreadable');
      expect(result.error.message).toContain(trustStorePath(environment));
    }
    // And trusting does not overwrite the broken store.
    expect((await trustConfigFile({ file, environment })).success).toBe(false);
    expect(await readFile(trustStorePath(environment), 'utf8')).toBe('{not json');
  });

  it('names a missing config file', async () => {
    const result = await trustConfigFile({ file: join(root, 'none.json'), environment });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.code).toBe('config-unreadable');
  });
});

describe('revokeConfigTrust and listTrustedConfigs', () => {
  it('lists what is trusted and forgets a revoked file', async () => {
    await trustConfigFile({ file, environment, now: () => new Date(0) });
    const listed = await listTrustedConfigs(environment);
    expect(listed.success && listed.value.map((entry) => entry.file)).toEqual([file]);
    expect(await revokeConfigTrust({ file, environment })).toEqual({ success: true, value: true });
    expect(await revokeConfigTrust({ file, environment })).toEqual({ success: true, value: false });
    expect(await trusted(await readFile(file, 'utf8'))).toBe(false);
  });
});

describe('isConfigTrusted', () => {
  test.prop([fc.string(), fc.string()], { numRuns: 25 })(
    'trusts a content exactly when it is the trusted one',
    async (original, candidate) => {
      await trustConfigFile({ file, content: original, environment });
      expect(await trusted(candidate)).toBe(candidate === original);
    },
  );
});
