import { describe, expect, it } from 'vitest';
import { sniffMediaType } from './sniff-media-type.js';
import { encodeGif, encodeJpeg, encodePdf, encodePng, encodeWebp } from './testing/encoders.js';
import { validateMedia } from './validate-media.js';

const samples = {
  'image/png': encodePng(5, 3),
  'image/jpeg': encodeJpeg(20, 9),
  'image/gif': encodeGif(7, 4),
  'image/webp': encodeWebp(6, 2),
  'application/pdf': encodePdf(),
} as const;

function failure(bytes: Uint8Array, options?: Parameters<typeof validateMedia>[1]) {
  const result = validateMedia(bytes, options);
  return result.success ? 'succeeded' : { code: result.error.code, message: result.error.message };
}

describe('sniffMediaType', () => {
  it('names each format by its signature alone', () => {
    expect(Object.values(samples).map(sniffMediaType)).toEqual(Object.keys(samples));
  });

  it('returns undefined for text and empty input', () => {
    expect([
      sniffMediaType(new TextEncoder().encode('hello')),
      sniffMediaType(new Uint8Array()),
    ]).toEqual([undefined, undefined]);
  });
});

describe('validateMedia', () => {
  it('returns type, kind, size and dimensions for each real image', () => {
    expect(validateMedia(samples['image/png'])).toEqual({
      success: true,
      value: {
        mimeType: 'image/png',
        kind: 'image',
        byteLength: samples['image/png'].length,
        width: 5,
        height: 3,
      },
    });
    expect(
      (['image/jpeg', 'image/gif', 'image/webp'] as const).map((type) => {
        const result = validateMedia(samples[type], { mimeType: type });
        return result.success && [result.value.mimeType, result.value.width, result.value.height];
      }),
    ).toEqual([
      ['image/jpeg', 20, 9],
      ['image/gif', 7, 4],
      ['image/webp', 6, 2],
    ]);
  });

  it('returns a document without dimensions for a PDF', () => {
    expect(validateMedia(samples['application/pdf'], { mimeType: 'application/pdf' })).toEqual({
      success: true,
      value: {
        mimeType: 'application/pdf',
        kind: 'document',
        byteLength: samples['application/pdf'].length,
      },
    });
  });

  it('accepts aliases, parameters and non-committal declarations', () => {
    expect(
      [
        validateMedia(samples['image/jpeg'], { mimeType: 'Image/JPG; charset=binary' }),
        validateMedia(samples['image/png'], { mimeType: 'application/octet-stream' }),
        validateMedia(samples['image/png'], { mimeType: '' }),
      ].map((result) => result.success),
    ).toEqual([true, true, true]);
  });

  it('fails with type-mismatch when the declared type contradicts the bytes', () => {
    expect(failure(samples['image/png'], { mimeType: 'image/jpeg' })).toEqual({
      code: 'type-mismatch',
      message: 'declared image/jpeg but the bytes are image/png',
    });
    expect(failure(samples['application/pdf'], { mimeType: 'text/plain' })).toEqual({
      code: 'type-mismatch',
      message: 'declared text/plain but the bytes are application/pdf',
    });
  });

  it('fails with invalid-media when no signature is present', () => {
    expect(failure(new TextEncoder().encode('<html>'), { mimeType: 'image/png' })).toEqual({
      code: 'invalid-media',
      message: 'bytes carry no image/png signature',
    });
  });

  it('fails with unsupported-type for a declared type it does not handle', () => {
    expect(failure(new Uint8Array([0x42, 0x4d, 0, 0]), { mimeType: 'image/bmp' })).toEqual({
      code: 'unsupported-type',
      message: 'unsupported media type image/bmp',
    });
  });

  it('fails with too-large past the per-kind limit', () => {
    const png = samples['image/png'];
    expect(failure(png, { limits: { imageMaxBytes: png.length - 1 } })).toEqual({
      code: 'too-large',
      message: `image/png of ${png.length} bytes exceeds the ${png.length - 1}-byte limit`,
    });
    expect(validateMedia(png, { limits: { documentMaxBytes: 1 } }).success).toBe(true);
  });

  it('fails every format truncated at any of several cut points', () => {
    const outcomes = Object.entries(samples).flatMap(([type, bytes]) =>
      [0.3, 0.6, 0.9].map((fraction) => {
        const result = validateMedia(bytes.subarray(0, Math.floor(bytes.length * fraction)));
        return [type, result.success ? 'succeeded' : result.error.code];
      }),
    );
    expect(outcomes).toEqual(
      Object.keys(samples).flatMap((type) => [0, 1, 2].map(() => [type, 'invalid-media'])),
    );
  });

  it('fails forged files: a signature followed by garbage', () => {
    const garbage = new Uint8Array(64).fill(0x41);
    const forged = Object.values(samples).map((bytes) => {
      const out = new Uint8Array(bytes.length);
      out.set(bytes.subarray(0, 12));
      out.set(garbage.subarray(0, Math.min(64, out.length - 12)), 12);
      return failure(out);
    });
    expect(forged.map((outcome) => typeof outcome === 'object' && outcome.code)).toEqual(
      Object.keys(samples).map(() => 'invalid-media'),
    );
  });

  it('fails a PNG whose IHDR CRC was tampered with', () => {
    const png = samples['image/png'].slice();
    png[17] = png[17]! ^ 1;
    expect(failure(png)).toEqual({ code: 'invalid-media', message: 'PNG IHDR CRC mismatch' });
  });

  it('fails a WebP whose RIFF size overstates the file', () => {
    const webp = samples['image/webp'].slice();
    webp[4] = (webp[4] ?? 0) + 2;
    expect(failure(webp)).toEqual({ code: 'invalid-media', message: 'WebP is truncated' });
  });

  it('throws a TypeError naming bytes when given something else', () => {
    expect(() => validateMedia('png' as never)).toThrow(
      new TypeError('bytes must be a Uint8Array, received string'),
    );
  });
});
