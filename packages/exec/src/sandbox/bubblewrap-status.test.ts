import { describe, expect, it } from 'vitest';
import {
  bubblewrapReason,
  bubblewrapSetupFailure,
  statusExitCode,
  withJsonStatus,
} from './bubblewrap-status.js';

const started = '{ "child-pid": 41, "mnt-namespace": 4026532177, "pid-namespace": 4026532178 }\n';

describe('Bubblewrap status documents', () => {
  it('adds the status option right after the executable', () => {
    expect(withJsonStatus(['/usr/bin/bwrap', '--ro-bind', '/', '/', '--'], 6)).toEqual([
      '/usr/bin/bwrap',
      '--json-status-fd',
      '6',
      '--ro-bind',
      '/',
      '/',
      '--',
    ]);
  });

  it('reads the exit code only from an exit-code document', () => {
    expect(statusExitCode(`${started}{ "exit-code": 137 }\n`)).toBe(137);
    expect(statusExitCode(started)).toBeUndefined();
    expect(statusExitCode('')).toBeUndefined();
    expect(statusExitCode('{ "exit-code": "1" }\nnot json\n')).toBeUndefined();
  });

  it('takes the last line Bubblewrap printed about itself', () => {
    expect(
      bubblewrapReason("noise\r\nbwrap: first\nbwrap: Can't mkdir /x: Read-only file system\r\n"),
    ).toBe("bwrap: Can't mkdir /x: Read-only file system");
    expect(bubblewrapReason('nothing here\n')).toBeUndefined();
  });

  it('judges only an unsignalled launcher without an exit-code document a failure', () => {
    const exit = { code: 1, signal: null };
    const reason = "bwrap: Can't find source path /gone: No such file or directory\n";
    expect(bubblewrapSetupFailure(exit, started, reason)?.message).toBe(
      "Bubblewrap could not set up the sandbox, so the command did not run: bwrap: Can't find source path /gone: No such file or directory",
    );
    expect(bubblewrapSetupFailure(exit, started, '')?.message).toMatch(
      /bwrap exited with code 1 without a reason$/,
    );
    expect(bubblewrapSetupFailure(exit, `${started}{ "exit-code": 1 }\n`, reason)).toBeUndefined();
    expect(bubblewrapSetupFailure({ code: null, signal: 'SIGTERM' }, started, '')).toBeUndefined();
    expect(bubblewrapSetupFailure(undefined, '', '')).toBeUndefined();
  });
});
