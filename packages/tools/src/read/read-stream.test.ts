import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

const LINES = 400_000;
let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace();
  // About 24 MB: line N reads `line N` padded to 60 characters.
  await new Promise<void>((resolve, reject) => {
    const out = createWriteStream(path.join(workspace.root, 'huge.log'));
    out.on('error', reject);
    let next = 1;
    const write = (): void => {
      while (next <= LINES) {
        let chunk = '';
        for (let count = 0; count < 5000 && next <= LINES; count += 1, next += 1) {
          chunk += `${`line ${next}`.padEnd(60, '.')}\n`;
        }
        if (!out.write(chunk)) {
          out.once('drain', write);
          return;
        }
      }
      out.end(() => resolve());
    };
    write();
  });
}, 60_000);
afterAll(() => workspace.dispose());

describe('Read of a large file', () => {
  it('returns a deep window by streaming and names the next call', async () => {
    const { status, result } = await workspace.run('Read', {
      file_path: 'huge.log',
      offset: 399_998,
      limit: 2,
    });
    expect(status).toBe('success');
    expect(result).toBe(
      `399998\t${'line 399998'.padEnd(60, '.')}\n399999\t${'line 399999'.padEnd(60, '.')}\n\n... Read output truncated. Use Read(file_path="huge.log", offset=400000, limit=2000) to continue, or use Grep for targeted searches.`,
    );
  }, 60_000);

  it('fails naming the offset past the last line after one pass', async () => {
    expect(await workspace.run('Read', { file_path: 'huge.log', offset: 400_001 })).toEqual({
      status: 'error',
      result: 'Error: Read offset 400001 starts after the last line of huge.log',
    });
  }, 60_000);
});
