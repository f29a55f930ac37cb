import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Classic BPF opcodes (linux/filter.h) and seccomp return values (linux/seccomp.h).
const LD_W_ABS = 0x20;
const JMP_JEQ_K = 0x15;
const JMP_JGE_K = 0x35;
const RET_K = 0x06;
const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;
const RET_KILL_PROCESS = 0x80000000;
const EACCES = 13;
const ENOSYS = 38;

// Offsets into struct seccomp_data: nr, arch, args[0] (its low word on little-endian hosts).
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
const OFFSET_ARG0_LOW = 16;

const AF_UNIX = 1;
const X32_SYSCALL_BIT = 0x40000000;

/** The architectures the filter covers, with the syscall numbers it checks on each. */
export const SECCOMP_ARCHITECTURES = {
  x64: { audit: 0xc000003e, socket: 41, ioUringSetup: 425 },
  arm64: { audit: 0xc00000b7, socket: 198, ioUringSetup: 425 },
} as const;

/** A Node `process.arch` the filter covers. */
export type SeccompArchitecture = keyof typeof SECCOMP_ARCHITECTURES;

interface Instruction {
  code: number;
  k: number;
  /** Labels jumped to when the test holds or fails (conditional jumps only). */
  whenTrue?: string;
  whenFalse?: string;
  label?: string;
}

function assemble(program: Instruction[]): Buffer {
  const labels = new Map<string, number>();
  program.forEach((instruction, index) => {
    if (instruction.label) labels.set(instruction.label, index);
  });
  const offset = (from: number, label: string | undefined) => {
    if (label === undefined) return 0;
    const target = labels.get(label)!;
    return target - from - 1;
  };
  const buffer = Buffer.alloc(program.length * 8);
  program.forEach((instruction, index) => {
    buffer.writeUInt16LE(instruction.code, index * 8);
    buffer.writeUInt8(offset(index, instruction.whenTrue), index * 8 + 2);
    buffer.writeUInt8(offset(index, instruction.whenFalse), index * 8 + 3);
    buffer.writeUInt32LE(instruction.k >>> 0, index * 8 + 4);
  });
  return buffer;
}

/**
 * The classic BPF program every confined child runs under (`bwrap --seccomp`): `socket(AF_UNIX,
 * …)` fails with EACCES, so no host unix socket (docker.sock, D-Bus, an agent) can be reached
 * even through a read-only mount; `io_uring_setup` fails with ENOSYS, since io_uring can open
 * sockets without the socket syscall; x32 calls fail with ENOSYS; any other architecture (such
 * as i386 through `int 0x80`) kills the process. Everything else, `socketpair` included (its
 * sockets reach nothing outside), is allowed.
 */
export function buildSeccompFilter(): Buffer {
  const { x64, arm64 } = SECCOMP_ARCHITECTURES;
  return assemble([
    { code: LD_W_ABS, k: OFFSET_ARCH },
    { code: JMP_JEQ_K, k: x64.audit, whenTrue: 'x64', whenFalse: 'not-x64' },
    { label: 'not-x64', code: JMP_JEQ_K, k: arm64.audit, whenTrue: 'arm64', whenFalse: 'kill' },
    { label: 'x64', code: LD_W_ABS, k: OFFSET_NR },
    { code: JMP_JGE_K, k: X32_SYSCALL_BIT, whenTrue: 'enosys', whenFalse: 'x64-uring' },
    {
      label: 'x64-uring',
      code: JMP_JEQ_K,
      k: x64.ioUringSetup,
      whenTrue: 'enosys',
      whenFalse: 'x64-socket',
    },
    { label: 'x64-socket', code: JMP_JEQ_K, k: x64.socket, whenTrue: 'family', whenFalse: 'allow' },
    { label: 'arm64', code: LD_W_ABS, k: OFFSET_NR },
    { code: JMP_JEQ_K, k: arm64.ioUringSetup, whenTrue: 'enosys', whenFalse: 'arm64-socket' },
    {
      label: 'arm64-socket',
      code: JMP_JEQ_K,
      k: arm64.socket,
      whenTrue: 'family',
      whenFalse: 'allow',
    },
    { label: 'family', code: LD_W_ABS, k: OFFSET_ARG0_LOW },
    { code: JMP_JEQ_K, k: AF_UNIX, whenTrue: 'eacces', whenFalse: 'allow' },
    { label: 'allow', code: RET_K, k: RET_ALLOW },
    { label: 'eacces', code: RET_K, k: RET_ERRNO | EACCES },
    { label: 'enosys', code: RET_K, k: RET_ERRNO | ENOSYS },
    { label: 'kill', code: RET_K, k: RET_KILL_PROCESS },
  ]);
}

/** Whether the filter covers the host's architecture (`process.arch`). */
export function isSeccompArchitecture(arch: string): arch is SeccompArchitecture {
  return Object.hasOwn(SECCOMP_ARCHITECTURES, arch);
}

/**
 * Writes the filter into a private directory for `bwrap --seccomp` to read through a fresh
 * descriptor per launch; undefined where the host's architecture is not covered.
 */
export function writeSeccompFilter(
  directory: string,
  arch: string = process.arch,
): string | undefined {
  if (!isSeccompArchitecture(arch)) return undefined;
  const path = join(directory, 'seccomp.bpf');
  writeFileSync(path, buildSeccompFilter(), { mode: 0o600 });
  return path;
}
