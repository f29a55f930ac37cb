import { pathToFileURL } from 'node:url';
import type { PermissionRequest } from '@toolcall/pipeline';
import { createAiSdkTools } from '@toolcall/tools/ai-sdk';
import { generateText, type LanguageModel, type ModelMessage, stepCountIs } from 'ai';
import { createWorkspace, READ_CONVERSATION } from '../shared/conversation.js';
import { recordedModel } from './recorded-model.js';

/** What the harness needs: the model, the workspace, who approves a tool call. */
export interface HarnessOptions {
  readonly model: LanguageModel;
  readonly workspace: string;
  /** Shown the permission question behind each approval request (a nested call's included). */
  readonly approve?: (question: Omit<PermissionRequest, 'signal'>) => boolean | Promise<boolean>;
  readonly signal?: AbortSignal;
}

/** A short agent loop with `generateText`, answering approval requests; resolves to the transcript. */
export async function runAiSdkHarness(options: HarnessOptions, prompt: string) {
  const toolcall = createAiSdkTools({ workspace: options.workspace });
  const messages: ModelMessage[] = [{ role: 'user', content: prompt }];
  try {
    for (let round = 0; round < 4 && !options.signal?.aborted; round++) {
      const result = await generateText({
        model: options.model,
        tools: toolcall.tools,
        messages,
        stopWhen: stepCountIs(8),
        ...(options.signal ? { abortSignal: options.signal } : {}),
      });
      messages.push(...result.response.messages);
      const requests = result.content.filter((part) => part.type === 'tool-approval-request');
      if (requests.length === 0) break;
      const content = [];
      for (const request of requests) {
        const question = toolcall.pendingApproval(request.toolCall.toolCallId);
        const approved = question !== undefined && (await options.approve?.(question)) === true;
        content.push({
          type: 'tool-approval-response' as const,
          approvalId: request.approvalId,
          approved,
        });
      }
      messages.push({ role: 'tool', content });
    }
    return messages;
  } finally {
    await toolcall.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const transcript = await runAiSdkHarness(
    { model: recordedModel(READ_CONVERSATION), workspace: createWorkspace() },
    'What is the launch code, and what does pixel.png show?',
  );
  console.log(JSON.stringify(transcript, null, 2));
}
