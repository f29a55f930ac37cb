import { realpath, statfs } from 'node:fs/promises';
import path from 'node:path';

/** Kernel file systems, by `statfs` magic number: never patch targets, wherever mounted. */
const KERNEL_FILE_SYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x1cd1, 'devpts'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0xcafe4a11, 'bpf'],
  [0x62656570, 'configfs'],
  [0x6165676c, 'pstore'],
  [0xde5e81e4, 'efivarfs'],
]);

/** Directories that are never patch targets, whatever file system they hold. */
const SYSTEM_ROOTS = ['/proc', '/sys', '/dev'];

/**
 * Why `absolute` is never a patch target, or `undefined`: it resolves (symlinks included) under
 * `/proc`, `/sys` or `/dev`, or onto a kernel file system. Writing there can fail in ways that
 * never settle (a recursive mkdir under /proc loops), so it is refused before anything is read.
 */
export async function systemTarget(absolute: string, shown: string): Promise<string | undefined> {
  let existing = absolute;
  const rest: string[] = [];
  let real: string;
  for (;;) {
    try {
      real = await realpath(existing);
      break;
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return undefined;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
  const resolved = path.join(real, ...rest);
  const root = SYSTEM_ROOTS.find((entry) => resolved === entry || resolved.startsWith(`${entry}/`));
  if (root !== undefined) {
    return `Cannot patch ${shown}: it lies under ${root}, which is never a patch target`;
  }
  const type = await statfs(real).then(
    (info) => KERNEL_FILE_SYSTEMS.get(Number(info.type)),
    () => undefined,
  );
  if (type !== undefined) {
    return `Cannot patch ${shown}: it lies on a ${type} kernel file system, which is never a patch target`;
  }
  return undefined;
}
