import path from 'node:path';
import { createExecManager, type ExecManager } from '@toolcall/exec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf } from './testing/pdf.js';
import { createTestWorkspace, type TestWorkspace } from './testing/workspace.js';

let workspace: TestWorkspace;
let manager: ExecManager;
beforeAll(async () => {
  const probe = await createTestWorkspace();
  manager = createExecManager({ workspaceRoot: probe.root });
  workspace = await createTestWorkspace({ exec: manager });
  await probe.dispose();
  await workspace.write('src/a.ts', 'const needle = 1;\n');
  await workspace.write('doc.pdf', buildPdf(['Confined text']));
});
afterAll(() => workspace.dispose());

describe('the file tools with helpers confined through @toolcall/exec', () => {
  it('runs ripgrep and pdftotext through the exec manager', async () => {
    expect(await workspace.run('Glob', { pattern: '*.ts' })).toEqual({
      status: 'success',
      result: path.join(workspace.root, 'src/a.ts'),
    });
    expect(await workspace.run('Grep', { pattern: 'needle', output_mode: 'count' })).toEqual({
      status: 'success',
      result: `${path.join(workspace.root, 'src/a.ts')}:1`,
    });
    expect(String((await workspace.run('Read', { file_path: 'doc.pdf' })).result)).toMatch(
      /^1\tConfined text/,
    );
  });

  it('reports ripgrep diagnostics as a failure, not as results', async () => {
    const { status, result } = await workspace.run('Grep', { pattern: '(' });
    expect(status).toBe('error');
    expect(String(result)).toMatch(
      /^Error: search failed \(exit code 2\)\. Narrow :path, :glob, :type, or :pattern\.\n.*regex/s,
    );
  });
});
