import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

// What every host gives for the same two calls (see @toolcall/tools' session.e2e test): a 4×4
// PNG read as media, and an oversized Bash output kept whole as the execution's artifact.

/** A valid 4×4 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAKElEQVR4nA3JMQEAAAzCsDpDGnWGtS1vAIPFIcTExkWoqa3rz8zs3Dy0JxPpa5dTeQAAAABJRU5ErkJggg==',
  'base64',
);

/** The Read of `pixel.png` and the Bash command whose output is too long to return whole. */
export const READ_IMAGE = { file_path: 'pixel.png' };
export const LONG_OUTPUT = { command: 'seq 1 100000', description: 'Count far' };

/** Writes the image the hosts read into `dir`. */
export function plantImage(dir: string): void {
  writeFileSync(join(dir, 'pixel.png'), PNG);
}

/** The session directory `id` of workspace `dir`. */
export const sessionDirectory = (dir: string, id: string) => join(dir, '.toolcall', 'sessions', id);

/** Asserts the Read's text and that its one media item is the PNG, kept in the session. */
export function expectImageKept(
  dir: string,
  session: string,
  text: string,
  media: readonly { id: string; mimeType: string }[],
): void {
  expect(text).toBe('Image pixel.png: image/png 4x4, 97 bytes (attached as media)');
  expect(media).toEqual([{ id: expect.stringMatching(/^media-1-/), mimeType: 'image/png' }]);
  const file = join(sessionDirectory(dir, session), 'media', `${media[0]?.id}.png`);
  expect(readFileSync(file)).toEqual(PNG);
}

/** Asserts the notice of the long output and that its artifact in the session holds all of it. */
export function expectOutputKept(dir: string, session: string, text: string): void {
  expect(text).toContain('omitted_output_bytes="586898"');
  const name = /output_path="artifact:\/\/(execution-[^"]+\.txt)"/.exec(text)?.[1];
  expect(name).toMatch(/^execution-.+\.txt$/);
  const stored = readFileSync(join(sessionDirectory(dir, session), 'artifacts', `${name}`), 'utf8');
  expect(stored.split('\n').length).toBe(100_001);
}
