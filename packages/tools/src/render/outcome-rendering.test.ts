import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';
import { recordOfOutcome, renderOutcome } from './outcome-rendering.js';

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({ permissions: { mode: 'ask' } });
  await workspace.write('notes.txt', 'alpha\nbeta\n');
});
afterAll(() => workspace.dispose());

const outcomeOf = (name: string, input: Record<string, unknown>) =>
  workspace.toolSet.pipeline.runTool({ name, input, toolUseId: `toolu_${name}_${Math.random()}` })
    .outcome;

describe('renderOutcome', () => {
  it('draws a call open, as the CLI does, in plain text, on a terminal and as HTML', async () => {
    const outcome = await outcomeOf('Read', { file_path: 'notes.txt' });
    const { renderers } = workspace.toolSet;
    const plain = renderOutcome(outcome, renderers);
    expect(plain).toMatch(/^▾ Read notes\.txt/);
    expect(plain).toContain('alpha');
    const ansi = renderOutcome(outcome, renderers, { format: 'ansi', isTTY: false, env: {} });
    expect(ansi).toBe(plain);
    const html = renderOutcome(outcome, renderers, { format: 'html', title: 'report' });
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('<title>report</title>');
    expect(html).toContain('beta');
  });

  it('draws a one-call script as that call, and a composed script with its children', async () => {
    const { renderers } = workspace.toolSet;
    const direct = await outcomeOf('ToolCall', { expression: '(Read :file_path "notes.txt")' });
    expect(renderOutcome(direct, renderers)).toMatch(/^▾ Read notes\.txt/);
    const composed = await outcomeOf('ToolCall', {
      expression: '(list (Read :file_path "notes.txt") (Glob :pattern "*.txt"))',
    });
    const text = renderOutcome(composed, renderers);
    expect(text).toMatch(/^▾ ToolCall: 2 calls/);
    expect(text).toMatch(/Read notes\.txt/);
    expect(text).toMatch(/Glob/);
  });

  it('records a call a permission check refused as denied', async () => {
    const outcome = await outcomeOf('Bash', { command: 'touch made', description: 'write' });
    expect(outcome.status).toBe('error');
    expect(recordOfOutcome(outcome)).toMatchObject({ tool: 'Bash', status: 'denied' });
  });
});
