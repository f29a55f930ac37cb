import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';
import { createToolSet, type ToolSetOptions } from '../tool-set.js';
import type { PatchProposal } from './patch-review.js';
import type { PlanMode } from './plan-mode.js';

const patchOf = (...lines: string[]): string =>
  ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

const PLAN_ADD = ['*** Add File: work://plan.md', '+# Plan'];
const SRC_UPDATE = ['*** Update File: src/a.txt', '-one', '+ONE'];
const REFUSED = 'Plan mode allows ApplyPatch only on session-scoped work:// targets; refused:';

let opened: TestWorkspace[] = [];
afterEach(async () => {
  await Promise.all(opened.map((workspace) => workspace.dispose()));
  opened = [];
});

async function planning(options: Partial<ToolSetOptions> = {}): Promise<TestWorkspace> {
  const workspace = await createTestWorkspace({ planMode: 'plan', ...options });
  opened.push(workspace);
  await workspace.write('src/a.txt', 'one\n');
  await workspace.write('.toolcall/memory/notes.md', 'old\n');
  return workspace;
}

async function snapshot(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const walk = async (directory: string): Promise<void> => {
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) await walk(full);
      else files[path.relative(root, full)] = await readFile(full, 'utf8');
    }
  };
  await walk(root);
  return files;
}

describe('ApplyPatch in Plan mode', () => {
  it('applies a patch that only touches session work:// targets', async () => {
    const workspace = await planning();
    const { status, result } = await workspace.run('ApplyPatch', { patch: patchOf(...PLAN_ADD) });
    expect({ status, result }).toEqual({
      status: 'success',
      result: 'Applied patch: 1 change\nApplied: work://plan.md',
    });
    expect(
      await readFile(path.join(workspace.root, '.toolcall/sessions/s1/work/plan.md'), 'utf8'),
    ).toBe('# Plan\n');
  });

  it('refuses an ordinary path before permission, review or any write', async () => {
    const proposals: PatchProposal[] = [];
    let prompts = 0;
    const workspace = await planning({
      permissions: { mode: 'ask' },
      askUser: () => {
        prompts += 1;
        return 'allow-once';
      },
      reviewPatch: (proposal) => {
        proposals.push(proposal);
        return 'accept-all';
      },
    });
    const outcome = await workspace.call('ApplyPatch', { patch: patchOf(...SRC_UPDATE) });
    expect({ status: outcome.status, code: outcome.error?.code, result: outcome.result }).toEqual({
      status: 'error',
      code: 'denied',
      result: `Error: PreToolUse hook denied the call: ${REFUSED} src/a.txt.`,
    });
    expect([prompts, proposals.length]).toEqual([0, 0]);
    expect(await readFile(path.join(workspace.root, 'src/a.txt'), 'utf8')).toBe('one\n');
  });

  it('refuses a mixed patch whole, writing on neither side', async () => {
    const workspace = await planning();
    const before = await snapshot(workspace.root);
    const { status, result } = await workspace.run('ApplyPatch', {
      patch: patchOf(...PLAN_ADD, ...SRC_UPDATE),
    });
    expect({ status, result }).toEqual({
      status: 'error',
      result: `Error: PreToolUse hook denied the call: ${REFUSED} src/a.txt.`,
    });
    expect(await snapshot(workspace.root)).toEqual(before);
  });

  it('refuses work://shared, memory and absolute targets alike', async () => {
    const workspace = await planning();
    const key = createHash('sha256')
      .update(path.join(workspace.root, '.toolcall', 'memory'))
      .digest('hex');
    const before = await snapshot(workspace.root);
    const { result } = await workspace.run('ApplyPatch', {
      patch: patchOf(
        '*** Add File: work://shared/team.md',
        '+x',
        `*** Update File: memory://${key}/notes.md`,
        '-old',
        '+new',
        `*** Add File: ${path.join(workspace.root, 'abs.txt')}`,
        '+y',
        ...PLAN_ADD,
      ),
    });
    expect(result).toBe(
      `Error: PreToolUse hook denied the call: ${REFUSED} work://shared/team.md, memory://${key}/notes.md, ${path.join(workspace.root, 'abs.txt')}.`,
    );
    expect(await snapshot(workspace.root)).toEqual(before);
  });

  it('refuses every patch during directive planning, work:// included', async () => {
    const workspace = await planning({ planMode: 'directive' });
    const { status, result } = await workspace.run('ApplyPatch', { patch: patchOf(...PLAN_ADD) });
    expect({ status, result }).toEqual({
      status: 'error',
      result:
        'Error: PreToolUse hook denied the call: Directive planning is read-only; ApplyPatch is not available until the plan is accepted.',
    });
    expect(await snapshot(workspace.root)).not.toHaveProperty('.toolcall/sessions/s1/work/plan.md');
  });

  it('reads a planning getter on every call', async () => {
    let mode: PlanMode = 'plan';
    const workspace = await planning({ planMode: () => mode });
    expect((await workspace.run('ApplyPatch', { patch: patchOf(...SRC_UPDATE) })).status).toBe(
      'error',
    );
    mode = 'off';
    expect(await workspace.run('ApplyPatch', { patch: patchOf(...SRC_UPDATE) })).toEqual({
      status: 'success',
      result: 'Applied patch: 1 change\nApplied: src/a.txt hunk 1',
    });
  });

  it('checks the patch again in the handler when a later hook rewrites it', async () => {
    const workspace = await planning({
      hooks: [
        {
          event: 'PreToolUse',
          matcher: 'ApplyPatch',
          run: () => ({ updated_input: { patch: patchOf(...PLAN_ADD, ...SRC_UPDATE) } }),
        },
      ],
    });
    const before = await snapshot(workspace.root);
    expect(await workspace.run('ApplyPatch', { patch: patchOf(...PLAN_ADD) })).toEqual({
      status: 'error',
      result: `Error: ${REFUSED} src/a.txt`,
    });
    expect(await snapshot(workspace.root)).toEqual(before);
  });

  it('applies the same rules to a ToolCall script', async () => {
    const workspace = await planning();
    const allowed = await workspace.run('ToolCall', {
      expression: `(ApplyPatch :patch ${JSON.stringify(patchOf(...PLAN_ADD))})`,
    });
    expect(allowed).toEqual({
      status: 'success',
      result: 'Applied patch: 1 change\nApplied: work://plan.md',
    });
    const before = await snapshot(workspace.root);
    const refused = await workspace.run('ToolCall', {
      expression: `(ApplyPatch :patch ${JSON.stringify(patchOf('*** Add File: work://b.md', '+b', ...SRC_UPDATE))})`,
    });
    expect(refused.status).toBe('error');
    expect(String(refused.result)).toContain(`${REFUSED} src/a.txt`);
    expect(await snapshot(workspace.root)).toEqual(before);
  });

  it('names a malformed planMode option', async () => {
    const workspace = await planning();
    expect(() =>
      createToolSet({ workspace: workspace.root, planMode: 'sticky' as unknown as PlanMode }),
    ).toThrow(
      new TypeError(
        'createToolSet: planMode must be off, plan, directive or a function returning one, received sticky',
      ),
    );
  });
});
