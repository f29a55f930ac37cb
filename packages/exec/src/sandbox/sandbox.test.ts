import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExecManagerOptions } from '../manager-options.js';
import { temporaryDirectory, testManager } from '../testing/fixtures.js';
import { capturePathIdentity } from './bubblewrap-plan.js';

const owner = '/root';

function confinedManager(options: Partial<ExecManagerOptions> = {}) {
  const workspace = temporaryDirectory('exec-ws-');
  const fakeHome = temporaryDirectory('exec-home-');
  mkdirSync(join(fakeHome, '.ssh'));
  writeFileSync(join(fakeHome, '.ssh', 'id_rsa'), 'PRIVATE KEY');
  mkdirSync(join(fakeHome, 'real-aws'));
  writeFileSync(join(fakeHome, 'real-aws', 'credentials'), 'AWS SECRET');
  symlinkSync(join(fakeHome, 'real-aws'), join(fakeHome, '.aws'));
  mkdirSync(join(workspace, '.git', 'hooks'), { recursive: true });
  writeFileSync(join(workspace, '.git', 'hooks', 'pre-commit'), 'original');
  const manager = testManager({
    workspaceRoot: workspace,
    sandbox: 'required',
    hostEnvironment: {
      PATH: '/usr/local/bin:/usr/bin:/bin',
      HOME: fakeHome,
      MY_API_TOKEN: 's3cret',
      PLAIN: 'visible',
    },
    protectedPaths: [
      join(fakeHome, '.ssh'),
      join(fakeHome, '.aws'),
      join(fakeHome, '.gnupg'),
      join(workspace, '.git', 'hooks'),
    ],
    ...options,
  });
  return { manager, workspace, fakeHome };
}

async function output(
  manager: ReturnType<typeof testManager>,
  command: string,
  extra: object = {},
): Promise<string> {
  const result = await manager.runBash({ owner, command, yieldTimeMs: 30_000, ...extra });
  if (!result.success) throw result.error;
  return result.value.output;
}

describe('Bubblewrap confinement', { timeout: 30_000 }, () => {
  it('writes only inside the workspace', async () => {
    const { manager, workspace } = confinedManager();
    const outside = temporaryDirectory('exec-outside-');
    const text = await output(
      manager,
      [
        'echo ok > inside.txt && echo inside-written',
        `{ echo x > ${outside}/escape; } 2>/dev/null || echo outside-denied`,
        'touch /etc/toolcall-probe 2>/dev/null || echo etc-denied',
        `ls -A /tmp | grep -c ${outside.split('/').pop()}`,
      ].join('; '),
    );
    expect(text).toBe('inside-written\noutside-denied\netc-denied\n0\n');
    expect([
      existsSync(join(workspace, 'inside.txt')),
      existsSync(join(outside, 'escape')),
    ]).toEqual([true, false]);
  });

  it('masks protected paths, following a symlink to its target', async () => {
    const { manager, fakeHome } = confinedManager();
    const text = await output(
      manager,
      [
        `cat ${fakeHome}/.ssh/id_rsa 2>/dev/null || echo ssh-hidden`,
        `cat ${fakeHome}/.aws/credentials 2>/dev/null || echo aws-hidden`,
        'cat .git/hooks/pre-commit 2>/dev/null || echo hook-hidden',
        '{ echo evil > .git/hooks/pre-commit; } 2>/dev/null || echo hook-readonly',
      ].join('; '),
    );
    expect(text).toBe('ssh-hidden\naws-hidden\nhook-hidden\nhook-readonly\n');
  });

  it('shows a read root inside a masked directory, and keeps masks inside a read root', async () => {
    const { manager, fakeHome } = confinedManager();
    const store = join(fakeHome, 'sessions');
    mkdirSync(join(store, 's1', 'work'), { recursive: true });
    mkdirSync(join(store, 's2'), { recursive: true });
    writeFileSync(join(store, 's1', 'work', 'note.md'), 'granted\n');
    writeFileSync(join(store, 's2', 'secret.md'), 'other session');
    const scoped = testManager({
      workspaceRoot: temporaryDirectory('exec-ws-'),
      sandbox: 'required',
      protectedPaths: [store, join(fakeHome, '.ssh')],
    });
    const script = [
      `cat ${store}/s1/work/note.md`,
      `cat ${store}/s2/secret.md 2>/dev/null || echo sibling-hidden`,
      `cat ${fakeHome}/.ssh/id_rsa 2>/dev/null || echo ssh-hidden`,
    ].join('; ');
    const run = scoped.runHelper({
      argv: ['bash', '-c', script],
      readRoots: [join(store, 's1', 'work'), fakeHome],
      timeoutMs: 20_000,
    });
    const result = await run.result;
    if (!result.success) throw result.error;
    expect(result.value.output.toString('utf8')).toBe('granted\nsibling-hidden\nssh-hidden\n');
    expect(manager.liveCount).toBe(0);
  });

  it('masks a protected directory that does not exist yet', async () => {
    const { manager, workspace } = confinedManager();
    const fresh = join(workspace, 'repo');
    mkdirSync(join(fresh, '.git'), { recursive: true });
    const scoped = testManager({
      workspaceRoot: fresh,
      sandbox: 'required',
      protectedPaths: [join(fresh, '.git', 'hooks')],
    });
    const text = await output(
      scoped,
      '{ echo evil > .git/hooks/pre-commit; } 2>/dev/null || echo hooks-readonly',
    );
    expect([text, existsSync(join(fresh, '.git', 'hooks', 'pre-commit'))]).toEqual([
      'hooks-readonly\n',
      false,
    ]);
    expect(manager.liveCount).toBe(0);
  });

  it('shows a fresh /proc and drops secret-looking variables', async () => {
    const { manager } = confinedManager();
    const text = await output(
      manager,
      [
        "tr '\\0' ' ' < /proc/1/cmdline | cut -d' ' -f1",
        "tr '\\0' '\\n' < /proc/1/environ | grep -c s3cret",
        'env | grep -c MY_API_TOKEN',
        'echo $PLAIN',
      ].join('; '),
    );
    const hostInit = readFileSync('/proc/1/cmdline', 'utf8').split('\0')[0];
    expect(text).toBe('/usr/bin/bwrap\n0\n0\nvisible\n');
    expect(hostInit).not.toBe('/usr/bin/bwrap');
  });

  it('cannot reach a 127.0.0.1 listener without a network grant', async () => {
    let requests = 0;
    const server: Server = createServer((_request, response) => {
      requests += 1;
      response.end('hello');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const { manager } = confinedManager();
      const probe = [
        `curl -sS --max-time 5 http://127.0.0.1:${port}/ >/dev/null 2>&1 && echo curl-reached || echo curl-blocked`,
        `(exec 3<>/dev/tcp/127.0.0.1/${port}) 2>/dev/null && echo tcp-reached || echo tcp-blocked`,
        `if command -v nc >/dev/null; then nc -z -w 2 127.0.0.1 ${port} && echo nc-reached || echo nc-blocked; else echo nc-blocked; fi`,
      ].join('; ');
      const blocked = await output(manager, probe);
      expect([blocked, requests]).toEqual(['curl-blocked\ntcp-blocked\nnc-blocked\n', 0]);
      const granted = await output(manager, probe, {
        sandbox_permissions: 'with_additional_permissions',
        additional_permissions: { network: true },
        justification: 'reach the test server',
        hostDecision: 'approved',
      });
      expect(granted.split('\n').slice(0, 2)).toEqual(['curl-reached', 'tcp-reached']);
    } finally {
      server.close();
    }
  });

  it('refuses TIOCSTI keystroke injection from a confined terminal', async () => {
    const { manager } = confinedManager();
    const script = [
      'import fcntl, termios',
      'try:',
      "    fcntl.ioctl(0, termios.TIOCSTI, b'X')",
      "    print('injected')",
      'except OSError as error:',
      "    print('refused', error.errno)",
    ].join('\n');
    const text = await output(manager, `/usr/bin/python3 -c "${script}"`, { tty: true });
    expect(text).toBe('refused 1\r\n');
  });

  it('refuses a write grant swapped for a symlink after the permission check', async () => {
    const { manager } = confinedManager();
    const base = temporaryDirectory('exec-grant-');
    const grant = join(base, 'grant');
    const target = join(base, 'target');
    mkdirSync(grant);
    mkdirSync(target);
    const identity = capturePathIdentity(grant);
    const request = {
      sandbox_permissions: 'with_additional_permissions',
      additional_permissions: { file_system: { write: [grant] } },
      justification: 'write the artifact',
      hostDecision: 'approved',
      grantIdentities: { [grant]: identity },
    } as const;
    expect(await output(manager, `echo ok > ${grant}/file && echo written`, request)).toBe(
      'written\n',
    );
    renameSync(grant, join(base, 'checked'));
    symlinkSync(target, grant);
    const swapped = await manager.runBash({
      owner,
      command: `echo evil > ${grant}/file`,
      ...request,
    });
    expect(swapped.success ? undefined : swapped.error.code).toBe('sandbox-failed');
    expect(existsSync(join(target, 'file'))).toBe(false);
  });

  it('interrupts and stops confined commands across the Bubblewrap session', async () => {
    const { manager } = confinedManager();
    const started = await manager.runBash({ owner, command: 'sleep 300', yieldTimeMs: 250 });
    if (!started.success) throw started.error;
    const interrupted = await manager.writeStdin({
      owner,
      executionId: started.value.facts.executionId,
      chars: '\u0003',
      yieldTimeMs: 5_000,
    });
    expect(interrupted.success && interrupted.value.facts.state).toBe('completed');
    const second = await manager.runBash({ owner, command: 'sleep 300', yieldTimeMs: 250 });
    if (!second.success) throw second.error;
    const stopped = await manager.stopExecution({
      owner,
      executionId: second.value.facts.executionId,
    });
    expect(stopped.success && stopped.value.facts.termination).toBe('stopped');
  });
});

describe('sandbox modes and escalation', { timeout: 30_000 }, () => {
  function pathWithoutBwrap(): string {
    const bin = temporaryDirectory('exec-bin-');
    for (const tool of ['bash', 'cat', 'sleep', 'true'])
      symlinkSync(`/usr/bin/${tool}`, join(bin, tool));
    return bin;
  }

  it('runs directly and discloses it in best-effort mode when bwrap is missing', async () => {
    const manager = testManager({
      sandbox: 'best-effort',
      hostEnvironment: { PATH: pathWithoutBwrap() },
    });
    const result = await manager.runBash({ owner, command: 'echo ran' });
    expect(result.success && [result.value.output, result.value.sandbox]).toEqual([
      'ran\n',
      {
        mode: 'best-effort',
        boundary: 'direct',
        directReason: 'unavailable',
        filesystem: 'unrestricted',
        network: 'unrestricted',
        attempts: 1,
        starts: 1,
        refusals: 0,
        additionalReadMounts: 0,
        additionalWriteMounts: 0,
        protectedMasked: 0,
      },
    ]);
  });

  it('refuses in required mode when bwrap is missing', async () => {
    const manager = testManager({
      sandbox: 'required',
      hostEnvironment: { PATH: pathWithoutBwrap() },
    });
    const result = await manager.runBash({ owner, command: 'echo ran' });
    expect(result.success ? undefined : result.error.code).toBe('sandbox-unavailable');
  });

  it('lifts confinement only on the host’s approval', async () => {
    const { manager } = confinedManager();
    const outside = temporaryDirectory('exec-outside-');
    const request = {
      command: `echo x > ${outside}/escaped && echo escaped`,
      sandbox_permissions: 'require_escalated',
      justification: 'needs the whole disk',
    } as const;
    const asked = await manager.runBash({ owner, ...request });
    expect(asked.success ? undefined : asked.error.code).toBe('escalation-refused');
    const approved = await manager.runBash({ owner, ...request, hostDecision: 'approved' });
    expect(
      approved.success && [approved.value.output, approved.value.sandbox.directReason],
    ).toEqual(['escaped\n', 'escalated']);
  });
});
