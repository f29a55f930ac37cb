import { homedir } from 'node:os';
import path from 'node:path';
import type { SkillSourceOption } from './node-options.js';

function absolute(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(
      `Expected options.${name} to be a non-empty path string, received ${JSON.stringify(value)}`,
    );
  }
  return path.resolve(value);
}

/** The user's toolcall configuration directory: `$XDG_CONFIG_HOME/toolcall` or `HOME/.config/toolcall`. */
export function userConfigDirectory(homeDirectory: string = homedir()): string {
  const xdg = process.env.XDG_CONFIG_HOME;
  return path.join(
    xdg !== undefined && xdg !== '' ? xdg : path.join(homeDirectory, '.config'),
    'toolcall',
  );
}

/**
 * The default skill sources in precedence order: the workspace's `.toolcall/skills` and
 * `.agents/skills`, then the user's `CONFIG/skills` and `HOME/.agents/skills`.
 */
export function defaultSkillSources(options: {
  readonly workspace: string;
  readonly configDirectory?: string;
  readonly homeDirectory?: string;
}): SkillSourceOption[] {
  const workspace = absolute('workspace', options.workspace);
  const home = absolute('homeDirectory', options.homeDirectory ?? homedir());
  const config = absolute('configDirectory', options.configDirectory ?? userConfigDirectory(home));
  return [
    { origin: 'local-toolcall', directory: path.join(workspace, '.toolcall', 'skills') },
    { origin: 'local-agents', directory: path.join(workspace, '.agents', 'skills') },
    { origin: 'global-toolcall', directory: path.join(config, 'skills') },
    { origin: 'global-agents', directory: path.join(home, '.agents', 'skills') },
  ];
}
