import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import type { Turn } from '../shared/conversation.js';

/** The AI SDK's mock model answering with the recorded turns in order; `prompts` has what it read. */
export function recordedModel(turns: readonly Turn[]) {
  const prompts: LanguageModelV3CallOptions['prompt'][] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      prompts.push(options.prompt);
      const turn = turns[prompts.length - 1] ?? { text: 'no recorded turn left' };
      return {
        content:
          'text' in turn
            ? [{ type: 'text' as const, text: turn.text }]
            : turn.calls.map((call) => ({
                type: 'tool-call' as const,
                toolCallId: call.id,
                toolName: call.name,
                input: JSON.stringify(call.input),
              })),
        finishReason: { unified: 'text' in turn ? 'stop' : 'tool-calls', raw: undefined },
        usage: {
          inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 20, text: 20, reasoning: 0 },
        },
        warnings: [],
      };
    },
  });
  return Object.assign(model, { prompts });
}
