import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isPlainObject } from '../json.js';
import type { CheckpointStore, ToolCallCheckpoint } from '../ptc/checkpoint.js';
import {
  currentWriter,
  isWriterProcessRunning,
  processExists,
  writerProblem,
} from './checkpoint-writer.js';

const SUFFIX = '.toolcall.json';
/** A writer's temporary file: `NAME.toolcall.json.PID.tmp`. */
const TEMPORARY = /\.toolcall\.json\.(\d+)\.tmp$/;
const SHAPE =
  "a ToolCall checkpoint: { version: 1, envelopeId: string, state: 'running' | 'settled', children: [...] }";

/** Options of `createFileCheckpointStore`. */
export interface FileCheckpointStoreOptions {
  /** Told about files `list` skips or cleans up; without it they are skipped silently. */
  onWarning?: (message: string) => void;
}

function fileName(envelopeId: string): string {
  return `${encodeURIComponent(envelopeId)}${SUFFIX}`;
}

function messageOf(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}

/** Why a parsed file is not a checkpoint this store can read, or undefined when it is one. */
function shapeProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return 'it is not a JSON object';
  if (value.version !== 1) return `its version is ${JSON.stringify(value.version) ?? 'missing'}`;
  if (typeof value.envelopeId !== 'string') return 'it has no envelopeId';
  if (value.state !== 'running' && value.state !== 'settled') return 'its state is unknown';
  if (!Array.isArray(value.children)) return 'it has no children list';
  return value.writer === undefined ? undefined : writerProblem(value.writer);
}

/**
 * A ToolCall checkpoint store in `directory`: each write is fsynced to a temporary file and
 * renamed over the old one, so a killed process leaves either the old or the new checkpoint.
 * `list` skips (and reports) files it cannot read as checkpoints, and removes temporary
 * files whose writer was killed before its rename.
 *
 * Several processes may share the directory. Each write stamps the checkpoint's `writer`
 * (pid, host name, start time), and `isWriterRunning` tells recovery whether that process
 * still runs: it has ended once its pid is gone or held by a process that started after it.
 * A checkpoint written on another host counts as running (its process cannot be seen from
 * here) and is left alone; one without a writer (written before stores stamped it) counts
 * as ended.
 */
export function createFileCheckpointStore(
  directory: string,
  options: FileCheckpointStoreOptions = {},
): CheckpointStore {
  if (typeof directory !== 'string' || directory === '') {
    throw new TypeError(
      `createFileCheckpointStore: directory must be a non-empty path, received ${JSON.stringify(directory)}`,
    );
  }
  const onWarning = options.onWarning;
  if (onWarning !== undefined && typeof onWarning !== 'function') {
    throw new TypeError(
      `createFileCheckpointStore: onWarning must be a function, received ${typeof onWarning}`,
    );
  }
  return {
    async write(checkpoint) {
      await mkdir(directory, { recursive: true });
      const target = join(directory, fileName(checkpoint.envelopeId));
      const temporary = `${target}.${process.pid}.tmp`;
      const handle = await open(temporary, 'w');
      try {
        await handle.writeFile(JSON.stringify({ ...checkpoint, writer: currentWriter() }), 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
      // The rename is durable only once the directory entry itself is synced.
      const folder = await open(directory, 'r');
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const checkpoints: ToolCallCheckpoint[] = [];
      for (const name of names.sort()) {
        const file = join(directory, name);
        const temporary = TEMPORARY.exec(name);
        if (temporary !== null) {
          // Its writer may still rename it while the pid exists.
          if (processExists(Number(temporary[1]))) continue;
          try {
            await rm(file, { force: true });
            onWarning?.(`Removed ${file}, a checkpoint write its killed writer never finished.`);
          } catch (error) {
            onWarning?.(`Could not remove the stale checkpoint write ${file}: ${messageOf(error)}`);
          }
          continue;
        }
        if (!name.endsWith(SUFFIX)) continue;
        let value: unknown;
        try {
          value = JSON.parse(await readFile(file, 'utf8'));
        } catch (error) {
          onWarning?.(`Skipped ${file}: ${messageOf(error)}; expected ${SHAPE}.`);
          continue;
        }
        const problem = shapeProblem(value);
        if (problem !== undefined) {
          onWarning?.(`Skipped ${file}: ${problem}; expected ${SHAPE}.`);
          continue;
        }
        checkpoints.push(value as unknown as ToolCallCheckpoint);
      }
      return checkpoints;
    },
    async remove(envelopeId) {
      await rm(join(directory, fileName(envelopeId)), { force: true });
    },
    isWriterRunning: async (checkpoint) =>
      checkpoint.writer !== undefined && (await isWriterProcessRunning(checkpoint.writer)),
  };
}
