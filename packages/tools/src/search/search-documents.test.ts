import { tmpdir } from 'node:os';
import { createNodeResources } from '@toolcall/resources/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

const transcript = [
  '# Turn 1',
  'user: find the needle',
  'assistant: looking',
  'tool: Grep',
  'assistant: NEEDLE found',
].join('\n');

let workspace: TestWorkspace;
beforeAll(async () => {
  const resources = createNodeResources({
    workspace: tmpdir(),
    sessionId: 's1',
    providers: {
      history: {
        list: async () => [{ path: '/root' }],
        render: async (agentPath) => (agentPath === '/root' ? transcript : undefined),
      },
    },
  });
  workspace = await createTestWorkspace({ resources });
});
afterAll(() => workspace.dispose());

describe('Grep on in-process documents', () => {
  it('searches the live transcript with Read-compatible line numbers and context', async () => {
    expect(
      await workspace.run('Grep', {
        pattern: 'needle',
        path: 'history://root',
        output_mode: 'content',
        '-i': true,
        '-B': 1,
      }),
    ).toEqual({
      status: 'success',
      result:
        'history://root\n1-# Turn 1\n2:user: find the needle\n--\n4-tool: Grep\n5:assistant: NEEDLE found',
    });
  });

  it('counts matches and lists matching documents', async () => {
    expect(
      (
        await workspace.run('Grep', {
          pattern: 'assistant',
          path: 'history://root',
          output_mode: 'count',
        })
      ).result,
    ).toBe('history://root:2');
    expect(
      (await workspace.run('Grep', { pattern: 'absent', path: 'history://root' })).result,
    ).toBe('No matches found');
  });

  it('matches across lines in multiline mode and reports a bad expression', async () => {
    expect(
      (
        await workspace.run('Grep', {
          pattern: 'looking.tool',
          path: 'history://root',
          multiline: true,
          output_mode: 'content',
        })
      ).result,
    ).toBe('history://root\n3:assistant: looking\n4:tool: Grep');
    const bad = await workspace.run('Grep', { pattern: '(', path: 'history://root' });
    expect(bad.status).toBe('error');
    expect(String(bad.result)).toMatch(/^Error: search failed: /);
  });
});
