import { pathToFileURL } from 'node:url';
import type { PermissionAsker } from '@toolcall/pipeline';
import { createToolSet } from '@toolcall/tools';
import { createMemoryMediaSink, openAITools, runOpenAIToolCalls } from '@toolcall/tools/openai';
import OpenAI from 'openai';
import { createWorkspace, READ_CONVERSATION } from '../shared/conversation.js';
import { startRecordedServer } from '../shared/recorded-server.js';
import { openAIResponse } from '../shared/wire.js';

/** What the harness needs: where the API is, the workspace, who answers permission asks. */
export interface HarnessOptions {
  readonly baseURL: string;
  readonly workspace: string;
  readonly askUser?: PermissionAsker;
  readonly signal?: AbortSignal;
}

/** A short agent loop over Chat Completions; resolves to the transcript. */
export async function runOpenAIHarness(options: HarnessOptions, prompt: string) {
  const client = new OpenAI({ baseURL: options.baseURL, apiKey: 'recorded' });
  const media = createMemoryMediaSink();
  const { askUser, signal, workspace } = options;
  const toolSet = createToolSet({ workspace, media, ...(askUser ? { askUser } : {}) });
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: prompt }];
  try {
    for (let turn = 0; turn < 8 && !signal?.aborted; turn++) {
      const completion = await client.chat.completions.create(
        { model: 'gpt-5', tools: openAITools(toolSet), messages },
        { signal },
      );
      const message = completion.choices[0]!.message;
      messages.push(message);
      if (!message.tool_calls?.length) break;
      messages.push(...(await runOpenAIToolCalls(toolSet, message.tool_calls, { media, signal })));
    }
    return messages;
  } finally {
    await toolSet.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await startRecordedServer(READ_CONVERSATION.map(openAIResponse));
  const transcript = await runOpenAIHarness(
    { baseURL: server.url, workspace: createWorkspace() },
    'What is the launch code, and what does pixel.png show?',
  );
  console.log(JSON.stringify(transcript, null, 2));
  await server.close();
}
