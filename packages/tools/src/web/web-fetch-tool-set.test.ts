import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ArtifactStore } from '@toolcall/pipeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';
import { minimalPdf } from './testing/fixtures.js';
import { type LoopbackServer, startLoopbackServer } from './testing/loopback-server.js';
import type { ArtifactBytesStore } from './web-fetch-options.js';

let server: LoopbackServer;
let workspace: TestWorkspace;
let artifactsDirectory = '';
const PDF = minimalPdf('Saved and read');

// A durable session store as a harness writes it: files in the session's artifacts directory.
const artifacts: ArtifactStore & ArtifactBytesStore = {
  async put({ text, toolName, toolUseId }) {
    await mkdir(artifactsDirectory, { recursive: true });
    await writeFile(path.join(artifactsDirectory, `${toolName}-${toolUseId}.txt`), text);
    return { address: `artifact://${toolName}-${toolUseId}.txt` };
  },
  async putBytes({ bytes, name }) {
    await mkdir(artifactsDirectory, { recursive: true });
    const temporary = path.join(artifactsDirectory, `.${name}.partial`);
    await writeFile(temporary, bytes);
    await link(temporary, path.join(artifactsDirectory, name));
    await rm(temporary);
    return { address: `artifact://${name}` };
  },
};

beforeAll(async () => {
  server = await startLoopbackServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/pdf' });
    response.end(PDF);
  });
  // The test server is a private host: the set's WebFetch reaches it because it is named.
  workspace = await createTestWorkspace({
    artifacts,
    web: { fetch: { allowPrivateHosts: ['127.0.0.1'] } },
  });
  artifactsDirectory = path.join(workspace.root, '.toolcall', 'sessions', 's1', 'artifacts');
});
afterAll(async () => {
  await workspace.dispose();
  await server.close();
});

describe('WebFetch in the tool set', () => {
  it("saves a fetched PDF in the session's artifact store, and Read opens the address", async () => {
    const fetched = await workspace.run('WebFetch', { url: `${server.url}/papers/report.pdf` });
    expect(fetched).toEqual({
      status: 'success',
      result: `artifact://WebFetch-report.pdf (saved PDF, ${PDF.byteLength} bytes; Read opens it as a document or as rendered pages)\n\nSaved and read`,
    });
    expect(await readFile(path.join(artifactsDirectory, 'WebFetch-report.pdf'))).toEqual(PDF);
    const read = await workspace.run('Read', { file_path: 'artifact://WebFetch-report.pdf' });
    expect(read.status).toBe('success');
    expect(String(read.result)).toContain('Saved and read');
  }, 30_000);
});
