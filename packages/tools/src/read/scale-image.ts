import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ExecManager } from '@toolcall/exec';
import type { MediaInput } from '@toolcall/pipeline';
import { runHelper } from '../helpers/run-helper.js';
import { fitDimensions, hasFit, type ImageFit } from './image-fit.js';
import { findImageMagick } from './image-magick.js';
import { checkImage, type ImageAnswer } from './read-media.js';

const SCALE_TIMEOUT_MS = 60_000;

// ImageMagick picks a decoder from the bytes unless told; the explicit coder keeps it to the
// format the signature check already confirmed.
const CODERS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** A scaled image: JPEG stays JPEG, every other type becomes PNG. */
export type ScaledImage =
  | { readonly success: true; readonly bytes: Uint8Array; readonly mimeType: string }
  | { readonly success: false; readonly message: string };

/** The error text when no ImageMagick is installed. */
export const MISSING_IMAGEMAGICK =
  'max_width, max_height and max_tokens need ImageMagick, and neither magick nor convert on PATH is ImageMagick. Install ImageMagick (e.g. apt-get install imagemagick) or leave these parameters out';

/**
 * Scales an image to exactly `width`x`height` with ImageMagick, run as a one-shot helper
 * (confined through `manager` when given) over a private scratch copy. Only the first frame of
 * an animation is kept, and metadata is stripped.
 */
export async function scaleImage(
  bytes: Uint8Array,
  mimeType: string,
  size: { readonly width: number; readonly height: number },
  manager: ExecManager | undefined,
): Promise<ScaledImage> {
  const coder = CODERS[mimeType];
  if (coder === undefined) {
    return { success: false, message: `images of type ${mimeType} cannot be scaled` };
  }
  const magick = await findImageMagick();
  if (magick === undefined) return { success: false, message: MISSING_IMAGEMAGICK };
  const output =
    coder === 'jpeg' ? { coder: 'jpeg', mimeType } : { coder: 'png', mimeType: 'image/png' };
  const scratch = await mkdtemp(path.join(tmpdir(), 'toolcall-image-'));
  try {
    const input = path.join(scratch, `input.${coder}`);
    const result = path.join(scratch, `output.${output.coder}`);
    await writeFile(input, bytes);
    const run = await runHelper({
      argv: [
        magick,
        `${coder}:${input}[0]`,
        '-resize',
        `${size.width}x${size.height}!`,
        '-strip',
        `${output.coder}:${result}`,
      ],
      // The scratch directory is writable, hence readable; naming it a read root as well would
      // bind it read-only over the writable grant.
      readRoots: [],
      writeDirs: [scratch],
      cwd: scratch,
      manager,
      timeoutMs: SCALE_TIMEOUT_MS,
    });
    if (run.spawnError !== undefined) {
      return { success: false, message: `ImageMagick could not start (${run.spawnError})` };
    }
    if (run.timedOut) return { success: false, message: 'ImageMagick timed out' };
    if (run.exitCode !== 0) {
      return {
        success: false,
        message: `ImageMagick failed (exit code ${run.exitCode ?? 'none'})`,
      };
    }
    try {
      return {
        success: true,
        bytes: new Uint8Array(await readFile(result)),
        mimeType: output.mimeType,
      };
    } catch {
      return { success: false, message: 'ImageMagick wrote no image' };
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** An image ready to attach, with the summary of its source when it was scaled. */
export type FittedImage =
  | {
      readonly success: true;
      readonly media: MediaInput;
      readonly summary: string;
      readonly source: string | undefined;
    }
  | { readonly success: false; readonly message: string };

/**
 * Scales a checked image down to fit `fit` (never up); an image that already fits, or a call
 * without bounds, is returned as it is and needs no ImageMagick.
 */
export async function fitImage(
  image: Extract<ImageAnswer, { success: true }>,
  bytes: Uint8Array,
  fit: ImageFit | undefined,
  shown: string,
  manager: ExecManager | undefined,
): Promise<FittedImage> {
  const unchanged = {
    success: true,
    media: image.media,
    summary: image.summary,
    source: undefined,
  } as const;
  if (!hasFit(fit) || image.width === undefined || image.height === undefined) return unchanged;
  const size = fitDimensions(image.width, image.height, fit);
  if (size === undefined) return unchanged;
  const scaled = await scaleImage(bytes, image.media.mimeType, size, manager);
  if (!scaled.success)
    return { success: false, message: `Cannot scale ${shown}: ${scaled.message}` };
  const checked = checkImage(scaled.bytes, scaled.mimeType, shown);
  if (!checked.success) return checked;
  return { success: true, media: checked.media, summary: checked.summary, source: image.summary };
}
