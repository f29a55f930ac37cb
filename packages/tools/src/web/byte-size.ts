import type { HttpResponse } from './http-request.js';

const MIB = 1024 * 1024;

/** Formats a byte count for people: `1,234 bytes`. */
export function formatBytes(count: number): string {
  return `${count.toLocaleString('en-US')} bytes`;
}

/** A response's size for people: `1,234 bytes`, or `at least 1,234 bytes` when not read whole. */
export function formatSize(response: HttpResponse): string {
  return `${response.sizeExact ? '' : 'at least '}${formatBytes(response.totalBytes)}`;
}

/** A configured limit for people: `25 MiB` when whole mebibytes, else `1,000 bytes`. */
export function formatLimit(bytes: number): string {
  return bytes % MIB === 0 ? `${bytes / MIB} MiB` : formatBytes(bytes);
}
