import { describe, expect, it } from 'vitest';
import { buildChildEnvironment } from './environment.js';

const host = { PATH: '/bin', HOME: '/home/u', GITHUB_TOKEN: 't', DB_PASSWORD: 'p', EDITOR: 'vi' };
const defaults = {
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  LC_CTYPE: 'C.UTF-8',
  NO_COLOR: '1',
  CLICOLOR: '0',
  FORCE_COLOR: '0',
  TERM: 'dumb',
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  MANPAGER: 'cat',
  SYSTEMD_PAGER: '',
  LESS: '-R',
  TOOLCALL_EXECUTION: '1',
};

describe('buildChildEnvironment', () => {
  it('drops secret-looking names from confined children by default', () => {
    expect({ ...buildChildEnvironment({ host, confined: true, tty: false }) }).toEqual({
      PATH: '/bin',
      HOME: '/home/u',
      EDITOR: 'vi',
      ...defaults,
    });
  });

  it('keeps everything for direct children unless excluded', () => {
    const environment = buildChildEnvironment({
      host,
      confined: false,
      tty: true,
      policy: { exclude: ['ed*'] },
    });
    expect({ ...environment }).toEqual({
      PATH: '/bin',
      HOME: '/home/u',
      GITHUB_TOKEN: 't',
      DB_PASSWORD: 'p',
      ...defaults,
      TERM: 'xterm-256color',
    });
  });

  it('applies core and none inheritance with include patterns', () => {
    const core = buildChildEnvironment({
      host,
      confined: true,
      tty: false,
      policy: { inherit: 'core', include: ['GITHUB_TOKEN'] },
    });
    const none = buildChildEnvironment({
      host,
      confined: false,
      tty: false,
      policy: { inherit: 'none' },
    });
    expect([{ ...core }, { ...none }]).toEqual([
      { PATH: '/bin', HOME: '/home/u', GITHUB_TOKEN: 't', ...defaults },
      defaults,
    ]);
  });
});
