import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bin, tempDir } from './helpers.js';

type Content = { type: string; text?: string };

/** One elicitation the server sent: its message, and whether the server has cancelled it. */
interface Question {
  message: string;
  cancelled: Promise<unknown>;
}

const textOf = (result: Record<string, unknown>) =>
  ((result.content ?? []) as Content[]).map((item) => item.text).join('\n');

const bash = (command: string) => ({
  name: 'ToolCall',
  arguments: { expression: `(Bash :command "${command}" :description "x")` },
});

describe('toolcall mcp: a call cancelled while its question is open', () => {
  it('cancels the elicitation request, and the server goes on serving calls and questions', async () => {
    const cwd = tempDir();
    const client = new Client(
      { name: 'test', version: '1.0.0' },
      { capabilities: { elicitation: {} } },
    );
    const questions: Question[] = [];
    let asked: (question: Question) => void = () => {};
    // Questions about `touch held.txt` are left open until the server cancels them; others are allowed.
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
      const question = {
        message: String(request.params.message),
        cancelled: new Promise((resolve) =>
          extra.signal.addEventListener('abort', () => resolve(extra.signal.reason), {
            once: true,
          }),
        ),
      };
      questions.push(question);
      asked(question);
      if (!question.message.includes('held.txt')) {
        return { action: 'accept', content: { decision: 'allow-once' } };
      }
      await question.cancelled;
      return { action: 'cancel' };
    });
    let stderr = '';
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'mcp', '--sandbox', 'off'],
      cwd,
      env: { ...process.env, XDG_CONFIG_HOME: `${cwd}/.xdg` } as Record<string, string>,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    await client.connect(transport);
    onTestFinished(() => client.close());

    // A first question, allowed. (It also keeps the held question's request id off 0: this SDK's
    // client ignores `notifications/cancelled` for request id 0, typescript-sdk issue #2283.)
    expect(textOf(await client.callTool(bash('touch one && echo one')))).toMatch(/^one\n/);

    const held = new Promise<Question>((resolve) => {
      asked = resolve;
    });
    const controller = new AbortController();
    const settled = client
      .callTool(bash('touch held.txt'), undefined, {
        signal: controller.signal,
      })
      .then(
        () => 'answered',
        (error: Error) => error.message,
      );
    const question = await held;
    expect(question.message).toContain('Bash wants to run: touch held.txt');
    // The client cancels the call (`notifications/cancelled`); the server cancels its question,
    // which the client's SDK reports by aborting the handler that holds the question open.
    controller.abort('stop');
    expect(await settled).toContain('stop');
    await question.cancelled;

    // The server goes on: a further call is asked about, allowed, and runs.
    const next = await client.callTool(bash('touch after.txt; echo two'));
    expect([next.isError, textOf(next)]).toEqual([false, expect.stringMatching(/^two\n/)]);
    expect(questions.map((entry) => entry.message)).toEqual([
      expect.stringContaining('echo one'),
      expect.stringContaining('touch held.txt'),
      expect.stringContaining('touch after.txt'),
    ]);
    expect(existsSync(join(cwd, 'held.txt'))).toBe(false);
    expect(existsSync(join(cwd, 'after.txt'))).toBe(true);
    expect(stderr).toBe('');
  });
});
