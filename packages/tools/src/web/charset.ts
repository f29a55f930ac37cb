/** The `charset` parameter of a Content-Type header, lower-cased, if any. */
export function charsetOfContentType(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

// The HTML prescan looks for a declaration in the first 1,024 bytes.
function metaCharset(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  const direct = /<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_:.-]+)/i.exec(head);
  return direct?.[1]?.toLowerCase();
}

interface Decoder {
  decode(bytes: Uint8Array): string;
}

// windows-1252's 0x80–0x9F (U+FFFD where undefined); some Node builds decode these as C1 controls.
const WINDOWS_1252_HIGH =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';

const windows1252: Decoder = {
  decode(bytes) {
    let text = '';
    for (let start = 0; start < bytes.length; start += 8192) {
      const slice = bytes.subarray(start, start + 8192);
      text += String.fromCharCode(
        ...Array.from(slice, (byte) =>
          byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH.charCodeAt(byte - 0x80) : byte,
        ),
      );
    }
    return text;
  },
};

function decoderFor(label: string | undefined): Decoder | undefined {
  if (label === undefined) return undefined;
  try {
    const decoder = new TextDecoder(label);
    // The WHATWG encoding spec maps latin1, ascii and their aliases to windows-1252 too.
    return decoder.encoding === 'windows-1252' ? windows1252 : decoder;
  } catch {
    return undefined;
  }
}

/**
 * Decodes a body: a byte-order mark wins, then the header charset, then (for HTML) a
 * `<meta>` declaration, then UTF-8; unknown labels fall through to the next source.
 */
export function decodeBody(
  bytes: Uint8Array,
  { contentType, html }: { contentType: string | undefined; html: boolean },
): string {
  const hasBom =
    (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff) ||
    (bytes[0] === 0xff && bytes[1] === 0xfe);
  const decoder =
    (hasBom
      ? decoderFor(bytes[0] === 0xef ? 'utf-8' : bytes[0] === 0xfe ? 'utf-16be' : 'utf-16le')
      : undefined) ??
    decoderFor(charsetOfContentType(contentType)) ??
    (html ? decoderFor(metaCharset(bytes)) : undefined) ??
    new TextDecoder('utf-8');
  return decoder.decode(bytes);
}
