import { execFileSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PathLayout } from '../cases/paths.js';

/** What `victim` holds while it is unharmed. */
export const VICTIM_TEXT = 'the victim is intact\n';
/** What the private key holds. */
export const KEY_TEXT = '-----BEGIN TEST KEY-----\nnot a real key\n';

/**
 * A root with a workspace (a git repository with one commit, `victim`, `notes.txt`, `script`),
 * a home with `.ssh/id_rsa`, a directory outside both, and the links the path tables name.
 */
export function createLayout(prefix = 'toolcall-security-'): PathLayout & { root: string } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const workspace = join(root, 'workspace');
  const home = join(root, 'home');
  const outside = join(root, 'outside');
  mkdirSync(join(workspace, 'src'), { recursive: true });
  mkdirSync(join(home, '.ssh'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(home, '.ssh', 'id_rsa'), KEY_TEXT, { mode: 0o600 });
  writeFileSync(join(outside, 'secret.txt'), 'outside secret\n');
  writeFileSync(join(workspace, 'notes.txt'), 'notes\n');
  writeFileSync(join(workspace, 'src', 'notes.txt'), 'inner notes\n');
  writeFileSync(join(workspace, 'script'), 'rm -f victim\n');
  writeFileSync(join(workspace, 'victim'), VICTIM_TEXT);
  symlinkSync(join(workspace, 'src'), join(workspace, 'inner-link'));
  symlinkSync('/etc', join(workspace, 'etc-link'));
  symlinkSync(join(home, '.ssh'), join(workspace, 'ssh-link'));
  symlinkSync(join(home, '.ssh', 'id_rsa'), join(workspace, 'key-link'));
  symlinkSync('ssh-link', join(workspace, 'chain-link'));
  symlinkSync(outside, join(workspace, 'outside-link'));
  linkSync(join(home, '.ssh', 'id_rsa'), join(workspace, 'key-hardlink'));
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: workspace,
      stdio: 'ignore',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: home },
    });
  git('init', '-q');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'start');
  return { root, workspace, home, outside };
}

/** Whether `victim` is still there and unchanged; puts it back either way. */
export function victimIntact(workspace: string): boolean {
  const path = join(workspace, 'victim');
  const intact = existsSync(path) && readFileSync(path, 'utf8') === VICTIM_TEXT;
  if (!intact) writeFileSync(path, VICTIM_TEXT);
  return intact;
}

/** Substitutes `{home}`, `{outside}` and `{workspace}` in a path row. */
export function spell(path: string, layout: PathLayout): string {
  return path
    .replaceAll('{home}', layout.home)
    .replaceAll('{outside}', layout.outside)
    .replaceAll('{workspace}', layout.workspace);
}

/** Removes a layout. */
export function removeLayout(root: string): void {
  rmSync(root, { recursive: true, force: true });
}
