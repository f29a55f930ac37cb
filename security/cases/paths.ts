import type { Expected } from './commands.js';

/**
 * The places a path case is built from: a workspace, a home directory with a private key, and a
 * directory outside both. `prepare` makes the links a row names inside the workspace.
 */
export interface PathLayout {
  readonly workspace: string;
  readonly home: string;
  readonly outside: string;
}

/** One row: how the model spells the path, and the decision for a Read of it. */
export interface PathCase {
  /** The path as the model writes it; `{home}`, `{outside}` and `{workspace}` are substituted. */
  readonly path: string;
  readonly expect: Expected;
  readonly note?: string;
}

/** A table: the rules and mode it runs under, the tool it calls, and its rows. */
export interface PathTable {
  readonly name: string;
  readonly mode: 'ask' | 'edits' | 'full-auto';
  readonly allow: readonly string[];
  readonly deny: readonly string[];
  readonly cases: readonly PathCase[];
}

const row = (path: string, expect: Expected, note?: string): PathCase =>
  note === undefined ? { path, expect } : { path, expect, note };

/** The default read scope: inside the workspace runs, anything outside it is asked. */
export const readScope: PathTable = {
  name: 'default read scope, ask mode',
  mode: 'ask',
  allow: [],
  deny: [],
  cases: [
    row('notes.txt', 'ran'),
    row('./notes.txt', 'ran'),
    row('src/../notes.txt', 'ran'),
    row('{workspace}/notes.txt', 'ran'),
    row('{workspace}/src/../notes.txt', 'ran'),
    row('inner-link/notes.txt', 'ran', 'a symlink that stays inside the workspace'),
    row('/etc/passwd', 'asked'),
    row('/etc/../etc/passwd', 'asked'),
    row('//etc//passwd', 'asked'),
    row('../outside/secret.txt', 'asked'),
    row('{outside}/secret.txt', 'asked'),
    row('src/../../outside/secret.txt', 'asked'),
    row('~/.ssh/id_rsa', 'asked'),
    row('~/../etc/passwd', 'asked'),
    row('~/', 'asked'),
    row('{home}/.ssh/id_rsa', 'asked'),
    row('etc-link/passwd', 'asked', 'a workspace symlink to /etc'),
    row('ssh-link/id_rsa', 'asked', 'a workspace symlink to ~/.ssh'),
    row('key-link', 'asked', 'a workspace symlink to the key itself'),
    row('chain-link/id_rsa', 'asked', 'a symlink to a symlink to ~/.ssh'),
    row('outside-link/secret.txt', 'asked', 'a workspace symlink to a directory outside'),
  ],
};

/** A deny on the key holds for every other name of the same file, even in full-auto mode. */
export const denyKey: PathTable = {
  name: "deny 'Read(path:~/.ssh/**)', full-auto mode",
  mode: 'full-auto',
  allow: [],
  deny: ['Read(path:~/.ssh/**)'],
  cases: [
    row('notes.txt', 'ran'),
    row('~/.ssh/id_rsa', 'denied'),
    row('{home}/.ssh/id_rsa', 'denied'),
    row('{home}/./.ssh/id_rsa', 'denied'),
    row('{home}/.ssh/../.ssh/id_rsa', 'denied'),
    row('{outside}/../home/.ssh/id_rsa', 'denied'),
    row('ssh-link/id_rsa', 'denied', 'a workspace symlink to ~/.ssh'),
    row('key-link', 'denied', 'a workspace symlink to the key'),
    row('chain-link/id_rsa', 'denied', 'a symlink to a symlink'),
    row('key-hardlink', 'denied', 'a hard link to the key inside the workspace'),
  ],
};

/** `ApplyPatch(path:**)` covers the workspace only: a relative glob never reaches outside it. */
export const allowPatchEverywhere: PathTable = {
  name: "allow 'ApplyPatch(path:**)', ask mode",
  mode: 'ask',
  allow: ['ApplyPatch(path:**)'],
  deny: [],
  cases: [
    row('new.txt', 'ran'),
    row('src/new.txt', 'ran'),
    row('{workspace}/new2.txt', 'ran'),
    row('../outside/new.txt', 'asked'),
    row('{outside}/new.txt', 'asked'),
    row('~/new.txt', 'asked'),
    row('{home}/new.txt', 'asked'),
    row('outside-link/new.txt', 'asked', 'a workspace symlink to a directory outside'),
  ],
};

/** Every path table. */
export const PATH_TABLES: readonly PathTable[] = [readScope, denyKey, allowPatchEverywhere];
