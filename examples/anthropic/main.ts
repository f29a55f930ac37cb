import { pathToFileURL } from 'node:url';
import Anthropic from '@anthropic-ai/sdk';
import type { PermissionAsker } from '@toolcall/pipeline';
import { createToolSet } from '@toolcall/tools';
import {
  anthropicTools,
  createMemoryMediaSink,
  runAnthropicToolUses,
} from '@toolcall/tools/anthropic';
import { createWorkspace, READ_CONVERSATION } from '../shared/conversation.js';
import { startRecordedServer } from '../shared/recorded-server.js';
import { anthropicResponse } from '../shared/wire.js';

/** What the harness needs: where the API is, the workspace, who answers permission asks. */
export interface HarnessOptions {
  readonly baseURL: string;
  readonly workspace: string;
  readonly askUser?: PermissionAsker;
  readonly signal?: AbortSignal;
}

/** A short agent loop over the Messages API; resolves to the transcript. */
export async function runAnthropicHarness(options: HarnessOptions, prompt: string) {
  const client = new Anthropic({ baseURL: options.baseURL, apiKey: 'recorded' });
  const media = createMemoryMediaSink();
  const { askUser, signal, workspace } = options;
  const toolSet = createToolSet({ workspace, media, ...(askUser ? { askUser } : {}) });
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: prompt }];
  try {
    for (let turn = 0; turn < 8 && !signal?.aborted; turn++) {
      const reply = await client.messages.create(
        { model: 'claude-sonnet-4-5', max_tokens: 1024, tools: anthropicTools(toolSet), messages },
        { signal },
      );
      messages.push({ role: 'assistant', content: reply.content });
      if (reply.stop_reason !== 'tool_use') break;
      const results = await runAnthropicToolUses(toolSet, reply.content, { media, signal });
      messages.push({ role: 'user', content: results });
    }
    return messages;
  } finally {
    await toolSet.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await startRecordedServer(READ_CONVERSATION.map(anthropicResponse));
  const transcript = await runAnthropicHarness(
    { baseURL: server.url, workspace: createWorkspace() },
    'What is the launch code, and what does pixel.png show?',
  );
  console.log(JSON.stringify(transcript, null, 2));
  await server.close();
}
