import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { createPipeline } from '../pipeline.js';
import type { HandlerContext, Tool } from '../tool-types.js';
import type { PermissionRule } from './types.js';

function spyTool(name: string, readOnly: boolean, seen: (readonly string[] | undefined)[]): Tool {
  return defineTool({
    name,
    description: `${name}.`,
    readOnly,
    args: z.object({}),
    handler: (_args, context: HandlerContext) => {
      seen.push(context.deniedReadPaths);
      return 'ok';
    },
  }) as unknown as Tool;
}

async function deniedFor(name: string, rules: PermissionRule[], readOnly = true) {
  const seen: (readonly string[] | undefined)[] = [];
  const pipeline = createPipeline({
    tools: [spyTool(name, readOnly, seen)],
    rules,
    mode: 'full-auto',
  });
  const outcome = await pipeline.runTool({ name, input: {}, toolUseId: 'id' }).outcome;
  expect(outcome.status).toBe('success');
  return seen[0];
}

const rules: PermissionRule[] = [
  { tool: 'Read', path: '**/.env', action: 'deny' },
  { tool: 'Grep', path: '**/secret/**', action: 'deny' },
  { tool: 'Bash', path: '/etc/**', action: 'deny' },
  { path: '/keys/*.pem', action: 'deny' },
  { tool: 'Grep|Glob', path: '**/*.log', action: 'allow' },
  { tool: 'Grep', pattern: 'x*', action: 'deny' },
  { tool: 'Read', path: '**/.env', action: 'deny' },
];

describe('HandlerContext.deniedReadPaths', () => {
  it('collects path deny rules for the tool and, for a read-only tool, for Read', async () => {
    expect(await deniedFor('Grep', rules)).toEqual(['**/.env', '**/secret/**', '/keys/*.pem']);
    expect(await deniedFor('Glob', rules)).toEqual(['**/.env', '/keys/*.pem']);
  });

  it('leaves Read rules to read-only tools', async () => {
    expect(await deniedFor('Edit', rules, false)).toEqual(['/keys/*.pem']);
    expect(await deniedFor('Bash', rules, false)).toEqual(['/etc/**', '/keys/*.pem']);
  });

  it('is an empty frozen list without rules, and frozen with them', async () => {
    const none = await deniedFor('Grep', []);
    expect(none).toEqual([]);
    expect(Object.isFrozen(none)).toBe(true);
    expect(Object.isFrozen(await deniedFor('Grep', rules))).toBe(true);
  });

  it('is computed once per tool and recomputed when an answer adds a deny rule', async () => {
    const seen: (readonly string[] | undefined)[] = [];
    const guarded = defineTool({
      name: 'Open',
      description: 'Open.',
      args: z.object({ file_path: z.string() }),
      permission: { path: (args) => args.file_path },
      handler: () => 'opened',
    }) as unknown as Tool;
    const pipeline = createPipeline({
      tools: [spyTool('Grep', true, seen), guarded],
      rules: [{ tool: 'Read', path: '**/.env', action: 'deny' }],
      asker: () => 'deny-session',
    });
    const run = (name: string, input = {}) =>
      pipeline.runTool({ name, input, toolUseId: `${name}-${seen.length}` }).outcome;
    await run('Grep');
    await run('Grep');
    expect(seen[0]).toBe(seen[1]);
    expect((await run('Open', { file_path: '/x/id_rsa' })).status).toBe('error');
    expect(pipeline.rules().at(-1)).toEqual({ tool: 'Open', path: '/x/id_rsa', action: 'deny' });
    await run('Grep');
    // A deny rule for another, writing tool does not reach Grep, but the view was recomputed.
    expect(seen[2]).toEqual(['**/.env']);
    expect(seen[2]).not.toBe(seen[0]);
  });
});
