import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../testing/pdf.js';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace();
  await workspace.write('doc.pdf', buildPdf(['Hello first page', 'Second page text', 'Third']));
  await workspace.write('.toolcall/sessions/s1/work/doc.pdf', buildPdf(['From work']));
});
afterAll(() => workspace.dispose());

describe('Read of a PDF', () => {
  it('returns pdftotext -layout text as numbered lines', async () => {
    const { status, result } = await workspace.run('Read', { file_path: 'doc.pdf' });
    expect(status).toBe('success');
    const lines = String(result).split('\n');
    expect(lines[0]).toMatch(/^\d+\tHello first page$/);
    expect(String(result)).toContain('Second page text');
  });

  it('renders selected pages as PNG media', async () => {
    const outcome = await workspace.call('Read', { file_path: 'doc.pdf', pages: '2-3' });
    expect({ status: outcome.status, result: outcome.result }).toEqual({
      status: 'success',
      result: 'PDF doc.pdf: pages 2-3 of 3 attached as PNG images.',
    });
    expect(outcome.renderData).toEqual({ path: 'doc.pdf', lines: 0, media: 2 });
  });

  it('names the continuing call when pages run past the per-call cap or end', async () => {
    expect((await workspace.run('Read', { file_path: 'doc.pdf', pages: '3-' })).result).toBe(
      'PDF doc.pdf: pages 3-3 of 3 attached as PNG images.',
    );
  });

  it.each([
    ['x', 'Error: Invalid pages "x". Use "N", "A-B" or "N-" with pages counted from 1.'],
    ['1-30', 'Error: Read renders at most 20 pages per call; "1-30" asks for 30.'],
    ['9', 'Error: PDF doc.pdf has 3 pages; page 9 does not exist'],
  ])('fails for pages %j', async (pages, message) => {
    expect(await workspace.run('Read', { file_path: 'doc.pdf', pages })).toEqual({
      status: 'error',
      result: message,
    });
  });

  it('extracts text from a PDF behind a resource address', async () => {
    const { result } = await workspace.run('Read', { file_path: 'work://doc.pdf' });
    expect(String(result)).toMatch(/^1\tFrom work/);
  });
});
