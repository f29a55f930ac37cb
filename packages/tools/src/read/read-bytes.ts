import type { FileHandle } from 'node:fs/promises';
import type { ExecManager } from '@toolcall/exec';
import type { MediaInput } from '@toolcall/pipeline';
import { extensionOf, isBinaryExtension, looksBinary } from './binary.js';
import { bufferChunks } from './file-chunks.js';
import { describeFit, type ImageFit } from './image-fit.js';
import { parsePageRange } from './page-range.js';
import { checkImage, IMAGE_TYPES, MAX_IMAGE_BYTES, noMediaInput, PAGE_TYPE } from './read-media.js';
import { pdfPages, pdfText, withPdfFile } from './read-pdf.js';
import { readErrors, readTextWindow } from './read-text.js';
import { readToEnd } from './regular-file.js';
import { fitImage } from './scale-image.js';

/** Read's arguments after defaults: 1-based offset, line limit, optional PDF pages. */
export interface ReadArguments {
  readonly offset: number;
  readonly limit: number;
  readonly pages: string | undefined;
  /** Bounds images and rendered PDF pages are scaled down to (`max_width` & co). */
  readonly fit?: ImageFit | undefined;
  /** Whether the caller named an offset or a limit (large files need one). */
  readonly explicitRange: boolean;
  /** Where helpers run: confined through @toolcall/exec, or spawned directly. */
  readonly exec: ExecManager | undefined;
  /** Whether the current model takes media of a type (images; rendered pages are `image/png`). */
  readonly acceptsMedia: (mimeType: string) => boolean;
  /** The call's signal: a cancelled call stops reading. */
  readonly signal?: AbortSignal | undefined;
}

/** What a Read produced: text, its error flag, and any media to attach. */
export interface ReadResponse {
  readonly text: string;
  readonly error: boolean;
  readonly media?: readonly MediaInput[];
  readonly lines?: number;
  /** Set on the notice that an unchanged file was read before. */
  readonly unchanged?: boolean;
}

const error = (text: string): ReadResponse => ({ text, error: true });

/**
 * Reads an image or a PDF, from a regular file already open (its path is handed to the PDF
 * helpers) or from bytes already in memory.
 */
export async function readDocument(
  source: { path: string; handle: FileHandle } | { bytes: Uint8Array },
  extension: string,
  shown: string,
  args: ReadArguments,
  size: number,
): Promise<ReadResponse> {
  const imageType = IMAGE_TYPES[extension];
  if (imageType !== undefined) {
    if (args.pages !== undefined)
      return error(`Parameter pages applies only to PDF files: ${shown}`);
    if (!args.acceptsMedia(imageType)) return error(noMediaInput(`image ${shown}`, imageType));
    if (size > MAX_IMAGE_BYTES) {
      return error(
        `Cannot read image ${shown}: ${size.toLocaleString('en-US')} bytes exceeds the 10 MiB limit`,
      );
    }
    let bytes: Uint8Array;
    if ('bytes' in source) bytes = source.bytes;
    else {
      const read = await readToEnd(source.handle, {
        shown,
        maxBytes: MAX_IMAGE_BYTES,
        signal: args.signal,
      });
      if (!read.success) return error(`Cannot read image ${shown}: ${read.message}`);
      bytes = read.bytes;
    }
    const checked = checkImage(bytes, imageType, shown);
    if (!checked.success) return error(checked.message);
    const fitted = await fitImage(checked, bytes, args.fit, shown, args.exec);
    if (!fitted.success) return error(fitted.message);
    const origin =
      fitted.source === undefined || args.fit === undefined
        ? ''
        : `; source: ${fitted.source}, scaled down to fit ${describeFit(args.fit)}`;
    return {
      text: `Image ${shown}: ${fitted.summary} (attached as media${origin})`,
      error: false,
      media: [fitted.media],
    };
  }
  // Read never attaches a PDF as a document: its text needs no media input, and only rendered
  // pages need image input.
  const pagesAccepted = args.acceptsMedia(PAGE_TYPE);
  if (args.pages !== undefined && !pagesAccepted) {
    return error(
      `${noMediaInput(`pages of ${shown}`, PAGE_TYPE)}. Omit pages to read the text of the PDF.`,
    );
  }
  return withPdfFile('bytes' in source ? source : { path: source.path }, async (file, scratch) => {
    if (args.pages !== undefined) {
      const range = parsePageRange(args.pages);
      if (!range.success) return error(range.message);
      const rendered = await pdfPages(file, scratch, range.value, shown, args.exec, args.fit);
      if (!rendered.success) return error(rendered.message);
      const { first, last, total } = rendered;
      const more =
        last < total && (range.value.last === undefined || range.value.last > last)
          ? `\nRendered pages ${first}-${last} of ${total}. Use Read(file_path="${shown}", pages="${last + 1}-") to continue.`
          : '';
      const scaled =
        rendered.scaled && args.fit !== undefined
          ? ` (scaled down to fit ${describeFit(args.fit)})`
          : '';
      return {
        text: `PDF ${shown}: pages ${first}-${last} of ${total} attached as PNG images${scaled}.${more}`,
        error: false,
        media: rendered.media,
      };
    }
    const extracted = await pdfText(file, scratch, args.exec);
    if (!extracted.success) return error(`Cannot read PDF ${shown}: ${extracted.message}`);
    if (extracted.text.trim() === '') {
      return {
        text: pagesAccepted
          ? `PDF ${shown} has no extractable text. Use pages="1-" to read it as images.`
          : `PDF ${shown} has no extractable text, and the current model does not accept images of its pages.`,
        error: false,
      };
    }
    const bytes = new TextEncoder().encode(extracted.text);
    return readTextWindow(bufferChunks(bytes), {
      shown,
      offset: args.offset,
      limit: args.limit,
    });
  });
}

/** Reads file bytes a resource produced, with the same rules as a plain file. */
export async function readBytes(
  bytes: Uint8Array,
  shown: string,
  args: ReadArguments,
  allowMedia: boolean,
): Promise<ReadResponse> {
  const extension = extensionOf(shown);
  if (extension in IMAGE_TYPES || extension === '.pdf') {
    if (!allowMedia) return error(`Cannot read media from ${shown}: this family holds text only`);
    return readDocument({ bytes }, extension, shown, args, bytes.length);
  }
  if (isBinaryExtension(extension) || looksBinary(bytes)) {
    return error(readErrors.binary(extension || 'binary data', shown, bytes.length));
  }
  return readTextWindow(bufferChunks(bytes), {
    shown,
    offset: args.offset,
    limit: args.limit,
  });
}
