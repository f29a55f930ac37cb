import path from 'node:path';

// Extensions whose content is never text; media types are handled before this check.
const BINARY_EXTENSIONS = new Set(
  (
    'exe dll so dylib o a lib obj bin dat class jar war ear pyc pyo wasm zip gz tgz bz2 xz zst 7z ' +
    'rar tar iso dmg img deb rpm apk msi bmp ico tif tiff psd heic avif mp3 mp4 m4a m4v mov avi ' +
    'mkv webm wav flac ogg opus aac wma wmv ttf otf woff woff2 eot sqlite db doc docx xls xlsx ' +
    'ppt pptx odt ods odp node elc'
  ).split(' '),
);

/** The lowercase extension with its dot, or '' when the name has none. */
export function extensionOf(file: string): string {
  return path.extname(file).toLowerCase();
}

/** Whether the extension names a binary format. */
export function isBinaryExtension(extension: string): boolean {
  return BINARY_EXTENSIONS.has(extension.slice(1));
}

/** Whether the first bytes look binary: a NUL byte within the first 8 KiB. */
export function looksBinary(head: Uint8Array): boolean {
  return head.subarray(0, 8192).includes(0);
}
