import { describe, expect, it } from 'vitest';
import { checkGif } from './check-gif.js';
import { checkJpeg } from './check-jpeg.js';
import { checkPdf } from './check-pdf.js';
import { checkPng } from './check-png.js';
import { checkWebp } from './check-webp.js';
import { encodeGif, encodeJpeg, encodePdf, encodePng, encodeWebp } from './testing/encoders.js';

function riff(chunks: Array<[string, number[]]>): Uint8Array {
  const body: number[] = [...'WEBP'].map((c) => c.charCodeAt(0));
  for (const [fourcc, payload] of chunks) {
    const size = payload.length;
    body.push(...[...fourcc].map((c) => c.charCodeAt(0)), size & 255, size >> 8, 0, 0, ...payload);
    if (size % 2 === 1) body.push(0);
  }
  const size = body.length;
  return Uint8Array.from([0x52, 0x49, 0x46, 0x46, size & 255, size >> 8, 0, 0, ...body]);
}

describe('checkWebp', () => {
  const lossless = [...encodeWebp(4, 3).subarray(20)];

  it('reads the canvas size from a VP8X header followed by image data', () => {
    const vp8x = [0, 0, 0, 0, 99, 0, 0, 49, 0, 0]; // canvas 100x50
    expect(
      checkWebp(
        riff([
          ['VP8X', vp8x],
          ['VP8L', lossless],
        ]),
      ),
    ).toEqual({
      valid: true,
      width: 100,
      height: 50,
    });
  });

  it('fails a VP8X file without any image chunk', () => {
    expect(checkWebp(riff([['VP8X', [0, 0, 0, 0, 9, 0, 0, 9, 0, 0]]]))).toEqual({
      valid: false,
      reason: 'WebP has no image data',
    });
  });

  it('reads a lossy VP8 key-frame header and rejects an inter frame', () => {
    const keyFrame = [0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a, 32, 0, 16, 0];
    expect([
      checkWebp(riff([['VP8 ', keyFrame]])),
      checkWebp(riff([['VP8 ', [0x11, ...keyFrame.slice(1)]]])),
    ]).toEqual([
      { valid: true, width: 32, height: 16 },
      { valid: false, reason: 'WebP VP8 frame is not a key frame' },
    ]);
  });

  it('fails a chunk that overruns the RIFF size', () => {
    const bytes = riff([['VP8L', lossless]]);
    bytes[16] = (bytes[16] ?? 0) + 8;
    expect(checkWebp(bytes)).toEqual({ valid: false, reason: 'WebP chunk overruns the RIFF size' });
  });
});

describe('checkPng', () => {
  it('fails a PNG whose IDAT chunk was removed', () => {
    const png = encodePng(2, 2);
    const idatLength = new DataView(png.buffer).getUint32(33);
    const withoutData = new Uint8Array([
      ...png.subarray(0, 33),
      ...png.subarray(33 + 12 + idatLength),
    ]);
    expect(checkPng(withoutData)).toEqual({ valid: false, reason: 'PNG has no IDAT chunk' });
  });
});

describe('checkJpeg', () => {
  it('fails a JPEG whose end-of-image marker is missing', () => {
    const jpeg = encodeJpeg(8, 8);
    expect(checkJpeg(jpeg.subarray(0, jpeg.length - 2))).toEqual({
      valid: false,
      reason: 'JPEG is truncated',
    });
  });

  it('tolerates padding after the end-of-image marker', () => {
    expect(checkJpeg(new Uint8Array([...encodeJpeg(9, 7), 0, 0, 0]))).toEqual({
      valid: true,
      width: 9,
      height: 7,
    });
  });
});

describe('checkGif', () => {
  it('fails a GIF with a trailer but no image', () => {
    const gif = encodeGif(2, 2);
    expect(checkGif(new Uint8Array([...gif.subarray(0, 19), 0x3b]))).toEqual({
      valid: false,
      reason: 'GIF has no image',
    });
  });
});

describe('checkPdf', () => {
  it('fails a PDF whose version is not N.N', () => {
    const pdf = encodePdf();
    pdf[5] = 0x78;
    expect(checkPdf(pdf)).toEqual({ valid: false, reason: 'missing %PDF-N.N header' });
  });
});
