import { PassThrough } from 'node:stream';
import { HOSTED_TOOL_NAMES, serveBridge } from '@toolcall/emacs';
import { describe, expect, it } from 'vitest';

describe('@toolcall/emacs', () => {
  it('serves the bridge protocol in-process through its package entry', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: string[] = [];
    output.on('data', (chunk: Buffer) =>
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
    );
    const served = serveBridge({ input, output, workspace: process.cwd() });
    input.end(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { hostedTools: ['EmacsFind'] } })}\n`,
    );
    await served;
    while (lines.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      id: 1,
      result: { protocolVersion: 1, tools: expect.arrayContaining(['EmacsFind', 'ToolCall']) },
    });
    expect(HOSTED_TOOL_NAMES).toEqual(['EmacsEval', 'EmacsDescribe', 'EmacsFind', 'EmacsBuffers']);
  });
});
