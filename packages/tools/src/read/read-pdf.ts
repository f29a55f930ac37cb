import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ExecManager } from '@toolcall/exec';
import type { MediaInput } from '@toolcall/pipeline';
import { runHelper } from '../helpers/run-helper.js';
import type { ImageFit } from './image-fit.js';
import { MAX_PAGES, type PageRange } from './page-range.js';
import { checkImage } from './read-media.js';
import { fitImage } from './scale-image.js';

const PDF_TIMEOUT_MS = 60_000;

/** A PDF available to the helpers as a file: a private copy for in-memory resource bytes. */
export async function withPdfFile<T>(
  source: { path: string } | { bytes: Uint8Array },
  use: (file: string, scratch: string) => Promise<T>,
): Promise<T> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'toolcall-pdf-'));
  try {
    let file: string;
    if ('path' in source) file = source.path;
    else {
      file = path.join(scratch, 'document.pdf');
      await writeFile(file, source.bytes);
    }
    return await use(file, scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Extracts `pdftotext -layout` text; an error text when the helper fails. */
export async function pdfText(
  file: string,
  scratch: string,
  manager: ExecManager | undefined,
): Promise<{ success: true; text: string } | { success: false; message: string }> {
  const run = await runHelper({
    argv: ['pdftotext', '-layout', '-enc', 'UTF-8', file, '-'],
    readRoots: [path.dirname(file)],
    cwd: scratch,
    manager,
    timeoutMs: PDF_TIMEOUT_MS,
  });
  if (run.spawnError !== undefined)
    return { success: false, message: 'pdftotext is not installed' };
  if (run.timedOut || run.exitCode !== 0) {
    return { success: false, message: `pdftotext failed (exit code ${run.exitCode ?? 'none'})` };
  }
  return { success: true, text: run.stdout.toString('utf8') };
}

async function pageCount(
  file: string,
  scratch: string,
  manager: ExecManager | undefined,
): Promise<number | undefined> {
  const run = await runHelper({
    argv: ['pdfinfo', file],
    readRoots: [path.dirname(file)],
    cwd: scratch,
    manager,
    timeoutMs: PDF_TIMEOUT_MS,
  });
  const match = /^Pages:\s+(\d+)/m.exec(run.stdout.toString('utf8'));
  return match === null ? undefined : Number(match[1]);
}

/** Renders selected pages as PNG media with `pdftoppm`. */
export async function pdfPages(
  file: string,
  scratch: string,
  range: PageRange,
  shown: string,
  manager: ExecManager | undefined,
  fit?: ImageFit,
): Promise<
  | {
      success: true;
      media: MediaInput[];
      first: number;
      last: number;
      total: number;
      /** Whether any page was scaled down to fit. */
      scaled: boolean;
    }
  | { success: false; message: string }
> {
  const total = await pageCount(file, scratch, manager);
  if (total === undefined) return { success: false, message: `Cannot read PDF ${shown}` };
  if (range.first > total) {
    return {
      success: false,
      message: `PDF ${shown} has ${total} pages; page ${range.first} does not exist`,
    };
  }
  const last = Math.min(
    total,
    range.last ?? range.first + MAX_PAGES - 1,
    range.first + MAX_PAGES - 1,
  );
  const run = await runHelper({
    argv: [
      'pdftoppm',
      '-png',
      '-r',
      '100',
      '-f',
      String(range.first),
      '-l',
      String(last),
      file,
      path.join(scratch, 'page'),
    ],
    // A resource PDF's private copy lives in the writable scratch directory; a read root there
    // would bind it read-only over the writable grant.
    readRoots: path.dirname(file) === scratch ? [] : [path.dirname(file)],
    writeDirs: [scratch],
    cwd: scratch,
    manager,
    timeoutMs: PDF_TIMEOUT_MS,
  });
  if (run.spawnError !== undefined) return { success: false, message: 'pdftoppm is not installed' };
  if (run.timedOut || run.exitCode !== 0) {
    return { success: false, message: `pdftoppm failed (exit code ${run.exitCode ?? 'none'})` };
  }
  const names = (await readdir(scratch)).filter((name) => /^page-\d+\.png$/.test(name)).sort();
  const media: MediaInput[] = [];
  let scaled = false;
  for (const name of names) {
    const bytes = new Uint8Array(await readFile(path.join(scratch, name)));
    const checked = checkImage(bytes, 'image/png', shown);
    if (!checked.success) return checked;
    const fitted = await fitImage(checked, bytes, fit, shown, manager);
    if (!fitted.success) return fitted;
    scaled ||= fitted.source !== undefined;
    media.push(fitted.media);
  }
  return { success: true, media, first: range.first, last, total, scaled };
}
