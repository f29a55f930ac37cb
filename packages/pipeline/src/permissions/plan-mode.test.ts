import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { createPipeline } from '../pipeline.js';
import { commandFacts, dynamic, opaque, readOnly, segment } from '../testing/segments.js';
import { readTool, shellTool, writeTool } from '../testing/tools.js';
import type { PlanMode } from './plan-mode.js';
import { PermissionPolicy } from './policy.js';

const base = { workingDirectory: '/ws', homeDirectory: '/home/u' };
const patchTool = defineTool({
  name: 'Patch',
  description: 'Writes, and enforces plan mode itself.',
  args: z.object({ file_path: z.string() }),
  permission: { path: (args) => args.file_path, planAware: true },
  handler: () => 'patched',
});
const guardedTool = defineTool({
  name: 'Guarded',
  description: 'Writes protected files.',
  args: z.object({ file_path: z.string() }),
  permission: {
    path: (args) => args.file_path,
    mustAsk: (args) =>
      args.file_path.startsWith('.git/') ? `${args.file_path} is a protected path` : undefined,
  },
  handler: () => 'guarded',
});
const noFacts = { paths: [], pattern: undefined, domain: undefined, name: undefined };

describe('plan mode in the policy', () => {
  it('denies every tool that can change things, in every mode and against allow rules', () => {
    const decisions = (['ask', 'edits', 'full-auto'] as const).map((mode) =>
      new PermissionPolicy([{ tool: '*', action: 'allow' }], mode, base, {
        planMode: 'plan',
      }).decide(writeTool, { ...noFacts, paths: [{ path: 'a', access: 'write' }] }),
    );
    expect(decisions).toEqual(
      decisions.map(() => ({
        decision: 'deny',
        reason: 'Plan mode is read-only and Write can change things',
        source: 'plan',
      })),
    );
  });

  it('lets read-only tools, plan-aware tools and read-only commands through', () => {
    const policy = new PermissionPolicy([], 'full-auto', base, { planMode: 'directive' });
    const shell = (segments: Parameters<typeof commandFacts>[1]) =>
      policy.decide(shellTool, commandFacts('x', segments)).decision;
    expect([
      policy.decide(readTool, noFacts).decision,
      policy.decide(patchTool, noFacts).decision,
      shell([readOnly('ls'), readOnly('grep x')]),
      shell([readOnly('ls'), segment('rm x')]),
      shell([{ ...opaque('$c'), readOnly: true }]),
      shell([{ ...dynamic('cat $f'), readOnly: true }]),
      shell([]),
    ]).toEqual(['allow', 'allow', 'allow', 'deny', 'deny', 'deny', 'deny']);
    expect(
      policy.decide(shellTool, commandFacts('ls; rm x', [readOnly('ls'), segment('rm x')])),
    ).toMatchObject({
      reason: 'directive planning is read-only and segment `rm x` is not proved read-only',
      segment: { text: 'rm x' },
    });
  });

  it('reads a getter on every decision, and a getter that fails counts as directive', () => {
    let mode: PlanMode = 'off';
    const policy = new PermissionPolicy([], 'full-auto', base, { planMode: () => mode });
    const before = policy.decide(writeTool, noFacts).decision;
    mode = 'plan';
    const during = policy.decide(writeTool, noFacts).decision;
    const failing = new PermissionPolicy([], 'full-auto', base, {
      planMode: () => {
        throw new Error('state unavailable');
      },
    });
    const odd = new PermissionPolicy([], 'full-auto', base, {
      planMode: () => 'later' as PlanMode,
    });
    expect([
      before,
      during,
      failing.decide(writeTool, noFacts).reason,
      odd.decide(writeTool, noFacts).decision,
    ]).toEqual([
      'allow',
      'deny',
      'directive planning is read-only and Write can change things',
      'deny',
    ]);
  });

  it('denies through createPipeline before the handler runs, and checks the option', async () => {
    let ran = false;
    const tool = defineTool({
      name: 'Touch',
      description: 'Changes a file.',
      args: z.object({}),
      handler: () => {
        ran = true;
        return 'touched';
      },
    });
    const pipeline = createPipeline({ tools: [tool], mode: 'full-auto', planMode: 'plan' });
    const outcome = await pipeline.runTool({ name: 'Touch', input: {}, toolUseId: 't' }).outcome;
    expect([outcome.error?.code, ran]).toEqual(['denied', false]);
    expect(() => createPipeline({ planMode: 'sometimes' as PlanMode })).toThrow(
      'createPipeline: planMode must be off, plan, directive or a function returning one, received sometimes',
    );
  });
});

describe('must-ask facts', () => {
  it('lift an allow (by rule or mode) to ask, and leave a deny a deny', () => {
    const decide = (rules: ConstructorParameters<typeof PermissionPolicy>[0], path: string) =>
      new PermissionPolicy(rules, 'full-auto', base).decide(guardedTool, {
        ...noFacts,
        paths: [{ path, access: 'write' }],
        mustAsk: path.startsWith('.git/') ? `${path} is a protected path` : undefined,
      });
    expect([
      decide([{ tool: 'Guarded', action: 'allow' }], '.git/config'),
      decide([], '.git/config'),
      decide([], 'src/a').decision,
      decide([{ path: '.git/**', action: 'deny' }], '.git/config').decision,
    ]).toEqual([
      { decision: 'ask', reason: '.git/config is a protected path', source: 'must-ask' },
      { decision: 'ask', reason: '.git/config is a protected path', source: 'must-ask' },
      'allow',
      'deny',
    ]);
  });

  it('are extracted from the definition and asked through createPipeline', async () => {
    const reasons: string[] = [];
    const pipeline = createPipeline({
      tools: [guardedTool],
      mode: 'full-auto',
      rules: [{ tool: 'Guarded', action: 'allow' }],
      asker: (request) => {
        reasons.push(request.reason);
        return 'deny-once';
      },
    });
    const denied = await pipeline.runTool({
      name: 'Guarded',
      input: { file_path: '.git/config' },
      toolUseId: 'g1',
    }).outcome;
    const free = await pipeline.runTool({
      name: 'Guarded',
      input: { file_path: 'src/a' },
      toolUseId: 'g2',
    }).outcome;
    expect([denied.error?.code, free.status, reasons]).toEqual([
      'denied',
      'success',
      ['.git/config is a protected path'],
    ]);
  });
});
