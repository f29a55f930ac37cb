import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ResourceError } from '../errors.js';
import type { WritableResource } from '../outcome-types.js';
import { fail, ok, type Result } from '../result.js';
import { isInside, outsideRoot, realRootOf, resolveContained } from './contained-path.js';

function failure(address: string, action: string, error: unknown): ResourceError {
  const code = (error as { code?: unknown } | null)?.code;
  if (ResourceError.isInstance(error)) return error;
  return new ResourceError(
    code === 'ENOENT' ? 'not-found' : 'io-failed',
    `Could not ${action} ${address}`,
    {
      address,
      ...(typeof code === 'string' ? { systemCode: code } : {}),
    },
  );
}

async function guarded<T>(
  address: string,
  action: string,
  run: () => Promise<Result<T>>,
): Promise<Result<T>> {
  try {
    return await run();
  } catch (error) {
    return fail(failure(address, action, error));
  }
}

/**
 * A file below `root` that ApplyPatch may read and replace. Every call resolves
 * again, so a symlink planted after prepare is refused; writes go to a temp file
 * in the real parent and rename over the entry, which never follows a final symlink.
 */
export function createWritableFile(
  root: string,
  components: readonly string[],
  address: string,
): WritableResource {
  const read = (): Promise<Result<Uint8Array | undefined>> =>
    guarded(address, 'read', async () => {
      const resolved = resolveContained(root, components, address);
      if (!resolved.success) return resolved;
      if (resolved.value.kind !== 'exists') return ok(undefined);
      if (resolved.value.stats.isDirectory()) {
        return fail(
          new ResourceError('not-a-file', `Cannot patch a directory: ${address}`, { address }),
        );
      }
      // Only regular files are patched: the open never blocks on a FIFO or device, and the
      // descriptor is checked before anything is read.
      const handle = await open(
        resolved.value.real,
        constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
      );
      try {
        if (!(await handle.stat()).isFile()) {
          return fail(
            new ResourceError('not-a-file', `${address} is not a regular file`, { address }),
          );
        }
        return ok(new Uint8Array(await handle.readFile()));
      } finally {
        await handle.close();
      }
    });

  const write = (
    data: Uint8Array | string,
    options?: { readonly mode?: number },
  ): Promise<Result<void>> =>
    guarded(address, 'write', async () => {
      await mkdir(root, { recursive: true });
      const realRoot = realRootOf(root);
      if (realRoot === undefined) return fail(failure(address, 'write', { code: 'ENOENT' }));
      const parentComponents = components.slice(0, -1);
      const parentResolved = resolveContained(root, parentComponents, address, realRoot);
      if (!parentResolved.success) return parentResolved;
      if (parentResolved.value.kind === 'missing')
        await mkdir(parentResolved.value.real, { recursive: true });
      // Re-resolve: mkdir may have raced with a planted symlink.
      const parent = resolveContained(root, parentComponents, address, realRoot);
      if (!parent.success) return parent;
      if (parent.value.kind !== 'exists' || !isInside(realRoot, parent.value.real))
        return fail(outsideRoot(address));
      const target = path.join(parent.value.real, components[components.length - 1]!);
      const existing = resolveContained(root, components, address, realRoot);
      if (!existing.success) return existing;
      if (existing.value.kind === 'exists' && existing.value.stats.isDirectory()) {
        return fail(
          new ResourceError('not-a-file', `Cannot patch a directory: ${address}`, { address }),
        );
      }
      const temporary = path.join(
        parent.value.real,
        `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
      );
      const kept =
        existing.value.kind === 'exists' ? existing.value.stats.mode & 0o7777 : undefined;
      const mode = options?.mode ?? kept;
      const handle = await open(temporary, 'wx', 0o666);
      try {
        await handle.writeFile(data);
        if (mode !== undefined) await handle.chmod(mode);
        await handle.close();
        await rename(temporary, target);
      } catch (error) {
        await handle.close().catch(() => undefined);
        await rm(temporary, { force: true });
        throw error;
      }
      return ok(undefined);
    });

  const remove = (): Promise<Result<void>> =>
    guarded(address, 'delete', async () => {
      const parent = resolveContained(root, components.slice(0, -1), address);
      if (!parent.success) return parent;
      if (parent.value.kind !== 'exists')
        return fail(failure(address, 'delete', { code: 'ENOENT' }));
      // unlink removes the entry itself, never what a symlink points at.
      await unlink(path.join(parent.value.real, components[components.length - 1]!));
      return ok(undefined);
    });

  return { address, read, write, remove };
}
