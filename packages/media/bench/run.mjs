// Capture + durable publish of 1,000 × 200 KB PNGs through @toolcall/media/node,
// against plain fs.writeFile of the same bytes, measured in the same run.
// Goal: ratio ≤ 1.5×. Run `pnpm build` first; this imports ../dist.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deflateSync } from 'node:zlib';
import { openSessionMediaStore } from '../dist/node.js';

const count = Number(process.env.BENCH_COUNT ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const root = process.env.BENCH_DIR ?? tmpdir();
const side = 261; // 261 × 261 RGB stored uncompressed ≈ 200 KB

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}
function png(seed) {
  const raw = Buffer.alloc(side * (1 + side * 3));
  let state = seed * 2654435761 + 1;
  for (let index = 0; index < raw.length; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    raw[index] = index % (1 + side * 3) === 0 ? 0 : state >>> 24;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw, { level: 0 })),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

async function timed(run) {
  const directory = await mkdtemp(join(root, 'toolcall-media-bench-'));
  try {
    const start = performance.now();
    await run(directory);
    return performance.now() - start;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

const images = Array.from({ length: count }, (_, index) => png(index));
const megabytes = images.reduce((sum, image) => sum + image.length, 0) / 1e6;

const plain = (directory) =>
  (async () => {
    for (let index = 0; index < images.length; index++) {
      await writeFile(join(directory, `${index}.png`), images[index]);
    }
  })();

const media = async (directory) => {
  const opened = await openSessionMediaStore({ sessionDirectory: directory });
  if (!opened.success) throw opened.error;
  for (let index = 0; index < images.length; index++) {
    const result = await opened.value.capture({
      bytes: images[index],
      toolUseId: `toolu_${index}`,
      source: 'bench',
    });
    if (!result.success) throw result.error;
  }
  await opened.value.close();
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const plainTimes = [];
const mediaTimes = [];
// Alternate which side goes first, so writeback from one side's 200 MB does
// not always land on the other side's clock.
for (let round = 0; round < rounds; round++) {
  if (round % 2 === 0) {
    plainTimes.push(await timed(plain));
    mediaTimes.push(await timed(media));
  } else {
    mediaTimes.push(await timed(media));
    plainTimes.push(await timed(plain));
  }
}
const ratios = plainTimes.map((plainMs, round) => mediaTimes[round] / plainMs);
console.log(`${count} images, ${megabytes.toFixed(1)} MB in ${root}, ${rounds} rounds (median)`);
console.log(`fs.writeFile            ${median(plainTimes).toFixed(0).padStart(6)} ms`);
console.log(`capture + publish       ${median(mediaTimes).toFixed(0).padStart(6)} ms`);
console.log(`per-round ratios        ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')}`);
console.log(`ratio                   ${median(ratios).toFixed(2)}x (goal <= 1.50x)`);
