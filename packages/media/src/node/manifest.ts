import { join } from 'node:path';
import type { MediaRecord } from '../media-record.js';
import { mediaMimeTypes } from '../media-types.js';
import { errorCode, type MediaFileSystem } from './file-system.js';

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
 * Reads the manifest, keeping each whole, well-formed line. A line torn by a
 * crash mid-append is cut off, so the next append starts on a fresh line.
 */
export async function loadManifest(
  fileSystem: MediaFileSystem,
  directory: string,
): Promise<MediaRecord[]> {
  const path = join(directory, manifestName);
  let text: string;
  try {
    text = await fileSystem.readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return [];
    throw error;
  }
  const complete = text.lastIndexOf('\n') + 1;
  if (complete < text.length) {
    await fileSystem.truncate(path, Buffer.byteLength(text.slice(0, complete)));
  }
  const records = new Map<string, MediaRecord>();
  for (const line of text.slice(0, complete).split('\n')) {
    if (line === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (isManifestRecord(value) && !records.has(value.recordId)) {
        records.set(value.recordId, value);
      }
    } catch {
      // A corrupt line names no record; the rest of the manifest still stands.
    }
  }
  return [...records.values()];
}
