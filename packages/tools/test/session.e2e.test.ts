import { readFileSync } from 'node:fs';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What every host gives a model for the same two calls: a 4×4 PNG read as media, and an
// oversized Bash output kept whole as the execution's artifact in the session.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAKElEQVR4nA3JMQEAAAzCsDpDGnWGtS1vAIPFIcTExkWoqa3rz8zs3Dy0JxPpa5dTeQAAAABJRU5ErkJggg==',
  'base64',
);
const OUTPUT_PATH = /output_path="artifact:\/\/(execution-[^"]+\.txt)"/;

let workspace = '';
beforeAll(async () => {
  workspace = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-embed-')));
  await writeFile(path.join(workspace, 'pixel.png'), PNG);
});
afterAll(() => rm(workspace, { recursive: true, force: true }));

type Module = typeof import('@toolcall/tools');

async function embed(tools: Module, sessionId: string) {
  const session = await tools.openSessionOrThrow({ workspace, sessionId });
  const set = tools.createToolSet(session.toolSetOptions({ permissions: { mode: 'full-auto' } }));
  session.attach(set);
  try {
    const read = await set.pipeline.runTool({
      name: 'Read',
      input: { file_path: 'pixel.png' },
      toolUseId: 'toolu_read',
    }).outcome;
    const bash = await set.pipeline.runTool({
      name: 'Bash',
      input: { command: 'seq 1 100000', description: 'Count far' },
      toolUseId: 'toolu_bash',
    }).outcome;
    const artifact = OUTPUT_PATH.exec(String(bash.result))?.[1] ?? '';
    // The address the notice gives is one Read resolves in the same session.
    const reread = await set.pipeline.runTool({
      name: 'Read',
      input: { file_path: `artifact://${artifact}`, offset: 99_999, limit: 2 },
      toolUseId: 'toolu_reread',
    }).outcome;
    return { session, read, bash, artifact, reread };
  } finally {
    await set.close();
    await session.close();
  }
}

describe('a harness embedding the tools through openSession and createToolSet', () => {
  it('gets the media of a read image and the artifact of an oversized output, in the session', async () => {
    for (const [tools, id] of [
      [await import('@toolcall/tools'), 'esm'],
      [createRequire(import.meta.url)('@toolcall/tools') as Module, 'cjs'],
    ] as const) {
      const { session, read, bash, artifact, reread } = await embed(tools, id);
      const directory = path.join(workspace, '.toolcall', 'sessions', id);
      expect(session.layout.directory).toBe(directory);
      expect(read.media).toEqual([{ id: 'media-1-toolu_read', mimeType: 'image/png' }]);
      expect(String(read.result)).toMatch(/^Image .*pixel\.png: .*\(attached as media\)$/);
      expect(readFileSync(path.join(directory, 'media', 'media-1-toolu_read.png'))).toEqual(PNG);
      expect(String(bash.result)).toContain('omitted_output_bytes=');
      expect(artifact).toMatch(/^execution-.+\.txt$/);
      const stored = readFileSync(path.join(directory, 'artifacts', artifact), 'utf8');
      expect(stored.split('\n').length).toBe(100_001);
      expect(reread.result).toBe(' 99999\t99999\n100000\t100000');
    }
  });
});
