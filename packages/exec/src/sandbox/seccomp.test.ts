import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryDirectory, testManager } from '../testing/fixtures.js';
import { buildSeccompFilter, SECCOMP_ARCHITECTURES } from './seccomp.js';

const owner = '/root';

// A classic BPF evaluator for the instructions the filter uses, to check its verdicts directly.
function evaluate(program: Buffer, data: { nr: number; arch: number; arg0: number }): number {
  const words = new Map([
    [0, data.nr >>> 0],
    [4, data.arch >>> 0],
    [16, data.arg0 >>> 0],
  ]);
  let accumulator = 0;
  for (let pc = 0; pc < program.length / 8; pc += 1) {
    const code = program.readUInt16LE(pc * 8);
    const jt = program.readUInt8(pc * 8 + 2);
    const jf = program.readUInt8(pc * 8 + 3);
    const k = program.readUInt32LE(pc * 8 + 4);
    if (code === 0x20) accumulator = words.get(k)!;
    else if (code === 0x15) pc += accumulator === k ? jt : jf;
    else if (code === 0x35) pc += accumulator >= k ? jt : jf;
    else if (code === 0x06) return k;
    else throw new Error(`unexpected opcode ${code}`);
  }
  throw new Error('fell off the end');
}

describe('buildSeccompFilter', () => {
  const filter = buildSeccompFilter();
  const { x64, arm64 } = SECCOMP_ARCHITECTURES;

  it('refuses unix sockets and io_uring on both architectures, and kills foreign ones', () => {
    const verdict = (arch: number, nr: number, arg0 = 0) => evaluate(filter, { arch, nr, arg0 });
    expect([
      verdict(x64.audit, x64.socket, 1),
      verdict(x64.audit, x64.socket, 2),
      verdict(x64.audit, x64.socket, 0x100000001),
      verdict(x64.audit, x64.ioUringSetup),
      verdict(x64.audit, 0x40000000 + x64.socket, 1),
      verdict(x64.audit, 53, 1),
      verdict(arm64.audit, arm64.socket, 1),
      verdict(arm64.audit, arm64.socket, 10),
      verdict(arm64.audit, arm64.ioUringSetup),
      verdict(arm64.audit, x64.socket, 1),
      verdict(0x40000003, 102, 1),
    ]).toEqual([
      0x5000d, 0x7fff0000, 0x5000d, 0x50026, 0x50026, 0x7fff0000, 0x5000d, 0x7fff0000, 0x50026,
      0x7fff0000, 0x80000000,
    ]);
  });

  test.prop([
    fc.constantFrom(x64, arm64),
    fc.integer({ min: 0, max: 0x3fffffff }),
    fc.integer({ min: 0, max: 0xffffffff }),
  ])('allows exactly what is not a unix socket or io_uring', (arch, nr, arg0) => {
    const refused = (nr === arch.socket && arg0 === 1) || nr === arch.ioUringSetup;
    expect(evaluate(filter, { arch: arch.audit, nr, arg0 }) === 0x7fff0000).toBe(!refused);
  });
});

const servers: Server[] = [];
const directories: string[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

async function listen(path: string): Promise<string> {
  const server = createServer((socket) => socket.end('hello-from-host\n'));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return path;
}

const clients = (path: string) => [
  `/usr/bin/python3 -c 'import socket; s=socket.socket(socket.AF_UNIX); s.connect("${path}"); print(s.recv(64).decode().splitlines()[0])' 2>&1 | tail -1`,
  `node -e 'require("net").connect("${path}").on("data", (d) => console.log(String(d).split("\\n")[0])).on("error", (e) => console.log(e.code))'`,
  // curl exits 7 when it cannot connect; anything else means it reached the listener.
  `curl -s --unix-socket ${path} http://host/ >/dev/null; [ $? = 7 ] && echo curl-refused || echo curl-connected`,
];

describe('no host sockets under Bubblewrap', { timeout: 60_000 }, () => {
  it('refuses unix-socket connections in the workspace, /var/tmp and a /tmp read root', async () => {
    const workspace = temporaryDirectory('exec-seccomp-ws-');
    const varTmp = mkdtempSync('/var/tmp/exec-seccomp-');
    directories.push(varTmp);
    const tmpRoot = temporaryDirectory('exec-seccomp-tmp-');
    const paths = [
      await listen(join(workspace, 'ws.sock')),
      await listen(join(varTmp, 'var.sock')),
      await listen(join(tmpRoot, 'tmp.sock')),
    ];
    const script = paths.flatMap(clients).join('; ');
    const confined = testManager({ workspaceRoot: workspace, sandbox: 'required' });
    const helper = confined.runHelper({
      argv: ['bash', '-c', script],
      readRoots: [tmpRoot],
      timeoutMs: 30_000,
    });
    const refused = await helper.result;
    if (!refused.success) throw refused.error;
    const denied = ['PermissionError: [Errno 13] Permission denied', 'EACCES', 'curl-refused'];
    expect(refused.value.output.toString('utf8')).toBe(
      `${[...denied, ...denied, ...denied].join('\n')}\n`,
    );
    const direct = testManager({ workspaceRoot: workspace, sandbox: 'off' });
    const reached = await direct.runBash({ owner, command: script, yieldTimeMs: 30_000 });
    if (!reached.success) throw reached.error;
    const replied = ['hello-from-host', 'hello-from-host', 'curl-connected'];
    expect(reached.value.output).toBe(`${[...replied, ...replied, ...replied].join('\n')}\n`);
  });

  it('still refuses with a network grant, and leaves ordinary commands and socketpair working', async () => {
    const workspace = temporaryDirectory('exec-seccomp-net-');
    const path = await listen(join(workspace, 'ws.sock'));
    const manager = testManager({ workspaceRoot: workspace, sandbox: 'required' });
    const script = [
      clients(path)[1],
      'ls ws.sock',
      'git init -q . && git status --short && echo git-ok',
      "/usr/bin/python3 -c 'print(1)'",
      `/usr/bin/python3 -c 'import socket; a, b = socket.socketpair(); a.send(b"pair"); print(b.recv(4).decode())'`,
    ].join('; ');
    const result = await manager.runBash({
      owner,
      command: script,
      yieldTimeMs: 30_000,
      sandbox_permissions: 'with_additional_permissions',
      additional_permissions: { network: true },
      justification: 'test',
      hostDecision: 'approved',
    });
    if (!result.success) throw result.error;
    expect([result.value.output, result.value.sandbox.network]).toEqual([
      'EACCES\nws.sock\ngit-ok\n1\npair\n',
      'granted',
    ]);
  });

  it.each(['script', 'node-pty'] as const)(
    'refuses them under a %s terminal too',
    async (ptyBackend) => {
      const workspace = temporaryDirectory('exec-seccomp-pty-');
      const path = await listen(join(workspace, 'ws.sock'));
      const manager = testManager({ workspaceRoot: workspace, sandbox: 'required', ptyBackend });
      const result = await manager.runBash({
        owner,
        command: clients(path)[1]!,
        tty: true,
        yieldTimeMs: 30_000,
      });
      if (!result.success) throw result.error;
      expect(result.value.output.trim()).toBe('EACCES');
    },
  );
});
