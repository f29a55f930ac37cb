import { existsSync, readFileSync, watch } from 'node:fs';
import path from 'node:path';
import type { PermissionRequest } from '@toolcall/pipeline';
import { afterEach, describe, expect, it } from 'vitest';
import { runAiSdkHarness } from '../ai-sdk/main.js';
import { recordedModel } from '../ai-sdk/recorded-model.js';
import { runAnthropicHarness } from '../anthropic/main.js';
import { runOpenAIHarness } from '../openai/main.js';
import {
  ASK_CONVERSATION,
  CANCEL_CONVERSATION,
  createWorkspace,
  PIXEL_PNG,
  READ_CONVERSATION,
  type Turn,
} from '../shared/conversation.js';
import { type RecordedServer, startRecordedServer } from '../shared/recorded-server.js';
import { anthropicResponse, openAIResponse } from '../shared/wire.js';

const PROMPT = 'What is the launch code, and what does pixel.png show?';
const PIXEL = PIXEL_PNG.toString('base64');
const servers: RecordedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(turns: readonly Turn[], wire: (turn: Turn, index: number) => unknown) {
  const server = await startRecordedServer(turns.map(wire));
  servers.push(server);
  return server;
}

/** An abort controller aborted once the workspace gets `started`. */
function abortWhenStarted(workspace: string): AbortController {
  const controller = new AbortController();
  const watcher = watch(workspace, () => {
    if (!existsSync(path.join(workspace, 'started'))) return;
    watcher.close();
    controller.abort();
  });
  return controller;
}

const harnesses = [
  {
    name: 'Anthropic SDK',
    wire: anthropicResponse,
    run: runAnthropicHarness,
  },
  {
    name: 'OpenAI SDK',
    wire: openAIResponse,
    run: runOpenAIHarness,
  },
] as const;

describe.each(harnesses)('the $name harness', ({ wire, run }) => {
  it('runs the script and the image Read, and sends the file and the image to the model', async () => {
    const server = await serve(READ_CONVERSATION, wire);
    const transcript = await run({ baseURL: server.url, workspace: createWorkspace() }, PROMPT);
    expect(server.requests).toHaveLength(2);
    const second = JSON.stringify(server.requests[1]);
    expect(second).toContain('The launch code is 4217.');
    expect(second).toContain('docs/launch.md');
    expect(second).toContain(PIXEL);
    // The image travels as an image part, not as text.
    expect(second).toMatch(/"type":"(image|image_url)"/);
    expect(JSON.stringify(transcript.at(-1))).toContain('4217');
  });

  it("brings a nested call's permission question to the approval handler", async () => {
    const server = await serve(ASK_CONVERSATION, wire);
    const workspace = createWorkspace();
    const asked: PermissionRequest[] = [];
    await run(
      {
        baseURL: server.url,
        workspace,
        askUser: (request) => {
          asked.push(request);
          return 'allow-once';
        },
      },
      'Write approved.txt.',
    );
    expect(asked.map(({ toolName, parentId, source }) => ({ toolName, parentId, source }))).toEqual(
      [{ toolName: 'Bash', parentId: 'call_write', source: 'ptc' }],
    );
    expect(asked[0]!.input).toMatchObject({ command: 'echo approved > approved.txt' });
    expect(readFileSync(path.join(workspace, 'approved.txt'), 'utf8')).toBe('approved\n');
  });

  it('stops a running tool when the signal aborts', async () => {
    const server = await serve(CANCEL_CONVERSATION, wire);
    const workspace = createWorkspace();
    const controller = abortWhenStarted(workspace);
    const transcript = await run(
      { baseURL: server.url, workspace, askUser: () => 'allow-once', signal: controller.signal },
      'Wait a minute.',
    );
    expect(server.requests).toHaveLength(1);
    expect(JSON.stringify(transcript.at(-1))).toMatch(/cancel/i);
  });
});

describe('the AI SDK harness', () => {
  it('runs the script and the image Read, and sends the file and the image to the model', async () => {
    const model = recordedModel(READ_CONVERSATION);
    const transcript = await runAiSdkHarness({ model, workspace: createWorkspace() }, PROMPT);
    expect(model.prompts).toHaveLength(2);
    const results = model.prompts[1]!.flatMap((message) =>
      message.role === 'tool' ? message.content : [],
    );
    const script = results.find(
      (part) => part.type === 'tool-result' && part.toolCallId === 'call_script',
    );
    expect(JSON.stringify(script)).toContain('The launch code is 4217.');
    const image = results.find(
      (part) => part.type === 'tool-result' && part.toolCallId === 'call_image',
    );
    expect(image).toMatchObject({
      output: {
        type: 'content',
        value: [{ type: 'text' }, { type: 'image-data', mediaType: 'image/png', data: PIXEL }],
      },
    });
    expect(JSON.stringify(transcript.at(-1))).toContain('4217');
  });

  it("surfaces a nested call's question as a tool approval request, and runs it once approved", async () => {
    const model = recordedModel(ASK_CONVERSATION);
    const workspace = createWorkspace();
    const questions: unknown[] = [];
    const transcript = await runAiSdkHarness(
      {
        model,
        workspace,
        approve: (question) => {
          questions.push(question);
          return true;
        },
      },
      'Write approved.txt.',
    );
    expect(questions).toMatchObject([
      {
        toolName: 'Bash',
        toolUseId: 'call_write/1',
        parentId: 'call_write',
        source: 'ptc',
        input: { command: 'echo approved > approved.txt' },
      },
    ]);
    expect(readFileSync(path.join(workspace, 'approved.txt'), 'utf8')).toBe('approved\n');
    expect(JSON.stringify(transcript)).toContain('tool-approval-request');
    expect(JSON.stringify(transcript.at(-1))).toContain('approved.txt is written');
  });

  it('cancels the waiting script when the approval is denied', async () => {
    const model = recordedModel(ASK_CONVERSATION);
    const workspace = createWorkspace();
    const transcript = await runAiSdkHarness(
      { model, workspace, approve: () => false },
      'Write approved.txt.',
    );
    expect(existsSync(path.join(workspace, 'approved.txt'))).toBe(false);
    expect(JSON.stringify(transcript)).toContain('execution-denied');
  });

  it('stops a running tool when the abort signal fires', async () => {
    const model = recordedModel(CANCEL_CONVERSATION);
    const workspace = createWorkspace();
    const controller = abortWhenStarted(workspace);
    const transcript = await runAiSdkHarness(
      { model, workspace, approve: () => true, signal: controller.signal },
      'Wait a minute.',
    ).catch((error: unknown) => error);
    const text = JSON.stringify(transcript instanceof Error ? transcript.message : transcript);
    expect(text).toMatch(/cancel|abort/i);
  });
});
