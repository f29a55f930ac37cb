import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fail, succeed, type WebResult } from './web-error.js';

/** Extracts a PDF's text; injected so hosts can route it elsewhere and tests can fail it. */
export type PdfTextExtractor = (
  bytes: Uint8Array,
  options: { readonly timeoutMs: number; readonly signal: AbortSignal | undefined },
) => Promise<WebResult<string>>;

/**
 * Runs `pdftotext -layout` on this machine over a private temporary copy of the bytes,
 * removed afterwards; a missing binary, a failure or the timeout is an `extraction-failed`.
 */
export const extractPdfText: PdfTextExtractor = async (bytes, { timeoutMs, signal }) => {
  const directory = await mkdtemp(join(tmpdir(), 'toolcall-webfetch-'));
  try {
    const file = join(directory, 'document.pdf');
    await writeFile(file, bytes, { mode: 0o600 });
    return await new Promise<WebResult<string>>((resolve) => {
      execFile(
        'pdftotext',
        ['-layout', '-enc', 'UTF-8', file, '-'],
        {
          timeout: timeoutMs,
          maxBuffer: 64 * 1024 * 1024,
          encoding: 'utf8',
          ...(signal ? { signal } : {}),
        },
        (error, stdout, stderr) => {
          if (error === null) resolve(succeed(stdout));
          else {
            const detail = String(stderr).trim().split('\n')[0] || error.message;
            resolve(fail('extraction-failed', `pdftotext failed: ${detail}`, error));
          }
        },
      );
    });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
};
