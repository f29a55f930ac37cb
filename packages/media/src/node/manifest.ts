import { join } from 'node:path';
import type { MediaRecord } from '../media-record.js';
import { mediaMimeTypes } from '../media-types.js';
import { errorCode, type MediaFileSystem } from './file-system.js';
import { temporaryPrefix } from './remove-stale-temporaries.js';

/** The manifest's file name inside the media directory. */
export const manifestName = 'manifest.jsonl';

const hex64 = /^[0-9a-f]{64}$/;
const hex32 = /^[0-9a-f]{32}$/;

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Whether a parsed manifest line is a well-formed durable record. */
export function isManifestRecord(value: unknown): value is MediaRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.recordId === 'string' &&
    hex32.test(record.recordId) &&
    typeof record.toolUseId === 'string' &&
    record.toolUseId !== '' &&
    typeof record.source === 'string' &&
    typeof record.sha256 === 'string' &&
    hex64.test(record.sha256) &&
    mediaMimeTypes.includes(record.mimeType as never) &&
    (record.kind === 'image' || record.kind === 'document') &&
    isCount(record.byteLength) &&
    (record.width === undefined || isCount(record.width)) &&
    (record.height === undefined || isCount(record.height)) &&
    record.durable === true &&
    typeof record.capturedAt === 'string'
  );
}

/** Serialises one record as one manifest line. */
export function formatManifestLine(record: MediaRecord): string {
  return `${JSON.stringify(record)}\n`;
}

/**
 * Reads the manifest, keeping each whole, well-formed line whose published file
 * `isPresent`. When a crash tore the last line, or a line is corrupt or names a
 * missing file, the manifest is rewritten with only the good lines, through a
 * temporary file and a rename, so later appends start clean.
 */
export async function loadManifest(
  fileSystem: MediaFileSystem,
  directory: string,
  isPresent: (record: MediaRecord) => boolean = () => true,
): Promise<MediaRecord[]> {
  const path = join(directory, manifestName);
  let text: string;
  try {
    text = await fileSystem.readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return [];
    throw error;
  }
  const records = new Map<string, MediaRecord>();
  let clean = text === '' || text.endsWith('\n');
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (isManifestRecord(value) && !records.has(value.recordId) && isPresent(value)) {
        records.set(value.recordId, value);
        continue;
      }
    } catch {
      // Falls through: a corrupt line names no record.
    }
    clean = false;
  }
  if (!clean) await rewriteManifest(fileSystem, directory, [...records.values()]);
  return [...records.values()];
}

async function rewriteManifest(
  fileSystem: MediaFileSystem,
  directory: string,
  records: readonly MediaRecord[],
): Promise<void> {
  const temporary = join(directory, `${temporaryPrefix}${process.pid}-manifest`);
  const handle = await fileSystem.open(temporary, 'w');
  try {
    await handle.writeFile(records.map(formatManifestLine).join(''));
  } finally {
    await handle.close();
  }
  await fileSystem.rename(temporary, join(directory, manifestName));
}
