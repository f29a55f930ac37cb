import { describe, expect, it } from 'vitest';
import type { HookRegistration } from './hook-types.js';
import { createPipeline } from './pipeline.js';
import type { ResourceRequest } from './ports.js';
import { copyTool } from './testing/tools.js';

describe('resource step', () => {
  it('prepares path and resource arguments before permission and hands them to the handler', async () => {
    const requests: ResourceRequest[] = [];
    let seen: unknown;
    const tool = {
      ...copyTool,
      handler: (_args: unknown, context: { resources: unknown }) => {
        seen = context.resources;
        return 'ok';
      },
    };
    const pipeline = createPipeline({
      tools: [tool as never],
      mode: 'full-auto',
      resources: {
        prepare: async (request) => {
          requests.push(request);
          return { success: true, value: { prepared: request.value } };
        },
      },
    });
    const outcome = await pipeline.runTool({
      name: 'Copy',
      input: { source: 'work://notes.md', destination: 'out.md' },
      toolUseId: 'c',
    }).outcome;
    expect([outcome.status, requests, seen]).toEqual([
      'success',
      [
        {
          toolName: 'Copy',
          argument: 'source',
          value: 'work://notes.md',
          kind: 'path-or-resource',
          access: 'read',
        },
        {
          toolName: 'Copy',
          argument: 'destination',
          value: 'out.md',
          kind: 'path',
          access: 'write',
        },
      ],
      { source: { prepared: 'work://notes.md' }, destination: { prepared: 'out.md' } },
    ]);
  });

  it('stops a malformed address with no permission prompt and no post hook', async () => {
    let asked = false;
    let postRan = false;
    const hooks: HookRegistration[] = [
      {
        event: 'PostToolUse',
        run: () => {
          postRan = true;
          return undefined;
        },
      },
      {
        event: 'PostToolUseFailure',
        run: () => {
          postRan = true;
          return undefined;
        },
      },
    ];
    const pipeline = createPipeline({
      tools: [copyTool],
      hooks,
      asker: () => {
        asked = true;
        return 'allow-once';
      },
      resources: {
        prepare: (request) =>
          request.value.includes('%ZZ')
            ? { success: false, message: 'malformed escape in the address.' }
            : { success: true, value: request.value },
      },
    });
    const outcome = await pipeline.runTool({
      name: 'Copy',
      input: { source: 'work://a%ZZ', destination: 'b' },
      toolUseId: 'c',
    }).outcome;
    expect([outcome.error?.code, outcome.result, asked, postRan]).toEqual([
      'resource-failed',
      'Error: `source`: malformed escape in the address.',
      false,
      false,
    ]);
  });

  it('rejects addresses when no preparer is configured', async () => {
    const pipeline = createPipeline({ tools: [copyTool], mode: 'full-auto' });
    const outcome = await pipeline.runTool({
      name: 'Copy',
      input: { source: 'work://a', destination: 'b' },
      toolUseId: 'c',
    }).outcome;
    expect(outcome.result).toBe('Error: `source`: resource addresses are not supported here.');
  });
});

describe('resource step guards', () => {
  it('fails the call when the preparer answers with garbage or throws', async () => {
    const garbage = createPipeline({
      tools: [copyTool],
      mode: 'full-auto',
      resources: { prepare: () => undefined as never },
    });
    const throwing = createPipeline({
      tools: [copyTool],
      mode: 'full-auto',
      resources: {
        prepare: () => {
          throw new Error('resolver down');
        },
      },
    });
    const input = { source: 'a', destination: 'b' };
    const first = await garbage.runTool({ name: 'Copy', input, toolUseId: 'g' }).outcome;
    const second = await throwing.runTool({ name: 'Copy', input, toolUseId: 't' }).outcome;
    expect([first.result, second.result]).toEqual([
      'Error: `source`: the resource preparer returned an invalid answer.',
      'Error: `source`: resolver down',
    ]);
  });
});
