import { describe, expect, it } from 'vitest';
import { buildChildEnvironment, isSecretVariable } from './environment.js';

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

describe('isSecretVariable', () => {
  it('drops and keeps names and values as the table says', () => {
    const table: Record<string, [value: string, dropped: boolean]> = {
      DB_PASSWD: ['x', true],
      MYSQL_PWD: ['x', true],
      GPG_PASSPHRASE: ['x', true],
      GITHUB_PAT: ['x', true],
      PAT: ['x', true],
      PAT_FOR_CI: ['x', true],
      MY_PAT_VALUE: ['x', true],
      NPM_AUTH: ['x', true],
      SSH_AUTH_SOCK: ['/run/agent.sock', true],
      GOOGLE_APPLICATION_CREDENTIALS: ['/k.json', true],
      PRIVATE_REGISTRY: ['x', true],
      COOKIE_JAR: ['x', true],
      DBUS_SESSION_BUS_ADDRESS: ['unix:path=/run/bus', true],
      SENTRY_DSN: ['x', true],
      API_KEY: ['x', true],
      DATABASE_URL: ['postgres://u:p@h/db', true],
      PIP_INDEX_URL: ['https://token@pypi.example/simple', true],
      PATH: ['/usr/bin', false],
      PWD: ['/w', false],
      OLDPWD: ['/v', false],
      GIT_AUTHOR_NAME: ['n', false],
      GIT_AUTHOR_EMAIL: ['n@e', false],
      PATCH_LEVEL: ['1', false],
      PATTERN: ['x', false],
      HOMEPAGE: ['https://example.com/a@b', false],
      EDITOR: ['vi', false],
    };
    const verdicts = Object.fromEntries(
      Object.entries(table).map(([name, [value]]) => [name, isSecretVariable(name, value)]),
    );
    expect(verdicts).toEqual(
      Object.fromEntries(Object.entries(table).map(([name, [, dropped]]) => [name, dropped])),
    );
  });

  it('never passes BASH_ENV, ENV or exported functions, whatever the policy', () => {
    const environment = buildChildEnvironment({
      host: {
        BASH_ENV: '/rc',
        ENV: '/rc',
        'BASH_FUNC_ls%%': '() { :; }',
        SHELLOPTS: 'xtrace',
        A: '1',
      },
      confined: false,
      tty: false,
      policy: { inherit: 'all', include: ['*'], dropSecrets: false },
    });
    expect({ ...environment }).toEqual({ A: '1', ...defaults });
  });
});
