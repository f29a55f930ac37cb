// Tiny encoders that produce real, decodable files of each supported format,
// so tests never depend on fetched fixtures. Test-only: uses node:zlib.
import { deflateSync } from 'node:zlib';
import { crc32 } from '../crc32.js';

/** Little helper that appends bits least-significant first, as GIF and VP8L pack them. */
class LsbBitWriter {
  readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  write(value: number, count: number): void {
    for (let bit = 0; bit < count; bit++) {
      this.current |= ((value >>> bit) & 1) << this.used;
      if (++this.used === 8) this.flush();
    }
  }

  flush(): void {
    if (this.used > 0) this.bytes.push(this.current);
    this.current = 0;
    this.used = 0;
  }
}

function u32be(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

function u32le(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff];
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const body = Uint8Array.from([...ascii(type), ...data]);
  return Uint8Array.from([...u32be(data.length), ...body, ...u32be(crc32(body))]);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Encodes an 8-bit RGB PNG; `pixel(x, y)` returns [r, g, b]. */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number] = () => [200, 30, 90],
  { level = 6 }: { level?: number } = {},
): Uint8Array {
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const header = Uint8Array.from([...u32be(width), ...u32be(height), 8, 2, 0, 0, 0]);
  return concat([
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level })),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/** Encodes a two-colour GIF89a with uncompressed LZW (a clear code every two pixels). */
export function encodeGif(
  width: number,
  height: number,
  pixel: (x: number, y: number) => 0 | 1 = (x, y) => ((x + y) % 2) as 0 | 1,
): Uint8Array {
  const bits = new LsbBitWriter();
  // With minimum code size 2 the clear code is 4 and end-of-information 5; two
  // literals after each clear keep every code 3 bits wide.
  for (let index = 0; index < width * height; index++) {
    if (index % 2 === 0) bits.write(4, 3);
    bits.write(pixel(index % width, Math.floor(index / width)), 3);
  }
  bits.write(5, 3);
  bits.flush();
  const blocks: number[] = [];
  for (let offset = 0; offset < bits.bytes.length; offset += 255) {
    const chunk = bits.bytes.slice(offset, offset + 255);
    blocks.push(chunk.length, ...chunk);
  }
  // biome-ignore format: one line per header field reads better than one byte per line
  return Uint8Array.from([
    ...ascii('GIF89a'),
    width & 0xff, width >> 8, height & 0xff, height >> 8,
    0x80, 0, 0, // global colour table of 2 entries
    0, 0, 0, 255, 255, 255,
    0x2c, 0, 0, 0, 0, width & 0xff, width >> 8, height & 0xff, height >> 8, 0,
    2, ...blocks, 0,
    0x3b,
  ]);
}

/** Encodes a mid-grey baseline JPEG whose every 8x8 block is flat (DC 0, immediate EOB). */
export function encodeJpeg(width: number, height: number): Uint8Array {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  // One-symbol Huffman tables: DC category 0 and AC end-of-block are both the
  // 1-bit code "0", so each block costs two zero bits; padding bits are ones.
  const scan: number[] = [];
  const totalBits = blocks * 2;
  for (let bit = 0; bit < Math.ceil(totalBits / 8) * 8; bit += 8) {
    let byte = 0;
    for (let index = 0; index < 8; index++) byte = (byte << 1) | (bit + index < totalBits ? 0 : 1);
    scan.push(byte);
    if (byte === 0xff) scan.push(0);
  }
  const table = (klass: number) => [0xff, 0xc4, 0, 20, klass, 1, ...new Array(15).fill(0), 0];
  // biome-ignore format: one line per marker segment reads better than one byte per line
  return Uint8Array.from([
    0xff, 0xd8,
    0xff, 0xe0, 0, 16, ...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
    0xff, 0xdb, 0, 67, 0, ...new Array(64).fill(1),
    0xff, 0xc0, 0, 11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0,
    ...table(0x00),
    ...table(0x10),
    0xff, 0xda, 0, 8, 1, 1, 0x00, 0, 63, 0,
    ...scan,
    0xff, 0xd9,
  ]);
}

/** Encodes a solid-colour lossless WebP (VP8L with one-symbol prefix codes). */
export function encodeWebp(
  width: number,
  height: number,
  [red, green, blue, alpha]: readonly [number, number, number, number] = [10, 120, 250, 255],
): Uint8Array {
  const bits = new LsbBitWriter();
  bits.write(0x2f, 8);
  bits.write(width - 1, 14);
  bits.write(height - 1, 14);
  bits.write(alpha === 255 ? 0 : 1, 1);
  bits.write(0, 3);
  bits.write(0, 1); // no transform
  bits.write(0, 1); // no colour cache
  bits.write(0, 1); // no meta prefix codes
  // Five simple prefix codes of one 8-bit symbol each: every pixel costs 0 bits.
  for (const symbol of [green, red, blue, alpha, 0]) {
    bits.write(1, 1);
    bits.write(0, 1);
    bits.write(1, 1);
    bits.write(symbol, 8);
  }
  bits.flush();
  const payload = bits.bytes;
  const padded = payload.length % 2 === 1 ? [...payload, 0] : payload;
  return Uint8Array.from([
    ...ascii('RIFF'),
    ...u32le(4 + 8 + padded.length),
    ...ascii('WEBP'),
    ...ascii('VP8L'),
    ...u32le(payload.length),
    ...padded,
  ]);
}

/** Writes a one-page PDF with a correct cross-reference table. */
export function encodePdf(text = 'Hello'): Uint8Array {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
