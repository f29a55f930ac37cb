import { mkdir } from 'node:fs/promises';
import type { ArtifactStore } from '@toolcall/pipeline';
import type { ArtifactBytesStore } from '../web/web-fetch-options.js';
import { DEFAULT_ARTIFACT_QUOTA_BYTES, enforceQuota } from './artifact-quota.js';
import { removeOrphanedPartials, stageFile } from './atomic-file.js';

/** Where a stored artifact is, and which artifacts the quota evicted to make room for it. */
export interface StoredArtifact {
  readonly address: string;
  /** `artifact://` addresses this write evicted, oldest first. */
  readonly evicted: readonly string[];
}

/** Options of `createSessionArtifactStore`. */
export interface SessionArtifactStoreOptions {
  /** The session's artifacts directory (`SESSION/artifacts`), created on first write. */
  readonly directory: string;
  /** Most bytes the session's artifacts may hold together (default 1 GiB). */
  readonly quotaBytes?: number;
}

/** A session's artifact store: atomic writes, one artifact per execution, a byte quota. */
export interface SessionArtifactStore extends ArtifactStore, ArtifactBytesStore {
  readonly quotaBytes: number;
  /** Stores an oversized result as `TOOL-ID.txt`. */
  put(artifact: { text: string; toolName: string; toolUseId: string }): Promise<StoredArtifact>;
  /** Stores bytes under `name`, or the first free variant of it (`name-2.ext`). */
  putBytes(artifact: {
    bytes: Uint8Array;
    name: string;
    mimeType: string;
    toolName: string;
    toolUseId: string;
  }): Promise<StoredArtifact>;
  /**
   * Stores the whole output of an execution as its one artifact, `execution-ID.txt`, replacing
   * the previous version: every poll of a growing output updates the same artifact.
   */
  putExecutionOutput(artifact: { executionId: string; bytes: Uint8Array }): Promise<StoredArtifact>;
  /** The addresses evicted since the last call, so they are reported to the model once. */
  takeEvicted(): string[];
}

// One path component of safe characters, never hidden.
function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_') || 'artifact';
}

// `report.pdf` → `report-2.pdf`: the suffix goes before the extension.
function variant(name: string, n: number): string {
  if (n === 1) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)}-${n}${name.slice(dot)}` : `${name}-${n}`;
}

const address = (name: string): string => `artifact://${name}`;

/**
 * Creates the artifact store of a session directory. Every artifact is written to a temporary
 * file, fsynced and renamed (or linked) into place, so a reader never sees a partial artifact;
 * past the quota the oldest artifacts are deleted and reported through `evicted`/`takeEvicted`.
 */
export function createSessionArtifactStore(
  options: SessionArtifactStoreOptions,
): SessionArtifactStore {
  const given: SessionArtifactStoreOptions = Object.assign(Object.create(null), options);
  const { directory, quotaBytes = DEFAULT_ARTIFACT_QUOTA_BYTES } = given;
  if (typeof directory !== 'string' || directory === '') {
    throw new TypeError(
      `createSessionArtifactStore: directory must be a path, received ${String(directory)}`,
    );
  }
  if (!Number.isSafeInteger(quotaBytes) || quotaBytes < 1) {
    throw new TypeError(
      `createSessionArtifactStore: quotaBytes must be a positive integer, received ${String(quotaBytes)}`,
    );
  }
  let pending: string[] = [];
  const writes = new Map<string, number>();
  let sequence = 0;
  let ready: Promise<void> | undefined;
  // Writes and evictions run one at a time, so two writes never evict for each other.
  let queue: Promise<unknown> = Promise.resolve();
  const prepare = (): Promise<void> => {
    ready ??= mkdir(directory, { recursive: true }).then(async () => {
      await removeOrphanedPartials(directory);
    });
    return ready;
  };
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
  const store = async (
    bytes: Uint8Array,
    hint: string,
    publish: (staged: Awaited<ReturnType<typeof stageFile>>) => Promise<string>,
  ): Promise<StoredArtifact> =>
    serial(async () => {
      if (bytes.byteLength > quotaBytes) {
        throw new Error(
          `the artifact (${bytes.byteLength.toLocaleString('en-US')} bytes) exceeds the session's artifact quota of ${quotaBytes.toLocaleString('en-US')} bytes`,
        );
      }
      await prepare();
      const staged = await stageFile(directory, hint, bytes);
      let name: string;
      try {
        name = await publish(staged);
      } finally {
        await staged.discard();
      }
      sequence += 1;
      writes.delete(name);
      writes.set(name, sequence);
      const removed = await enforceQuota(directory, quotaBytes, name, (entry) => writes.get(entry));
      for (const entry of removed) writes.delete(entry);
      const evicted = removed.map(address);
      pending.push(...evicted);
      return { address: address(name), evicted };
    });
  return {
    quotaBytes,
    put({ text, toolName, toolUseId }) {
      const name = safeName(`${toolName}-${toolUseId}`).concat('.txt');
      return store(new TextEncoder().encode(text), name, async (staged) => {
        await staged.publish(name, 'replace');
        return name;
      });
    },
    putBytes({ bytes, name }) {
      const wanted = safeName(name);
      return store(bytes, wanted, async (staged) => {
        for (let n = 1; ; n += 1) {
          const candidate = variant(wanted, n);
          try {
            await staged.publish(candidate, 'create');
            return candidate;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          }
        }
      });
    },
    putExecutionOutput({ executionId, bytes }) {
      const name = safeName(`execution-${executionId}`).concat('.txt');
      return store(bytes, name, async (staged) => {
        await staged.publish(name, 'replace');
        return name;
      });
    },
    takeEvicted() {
      const taken = pending;
      pending = [];
      return taken;
    },
  };
}
