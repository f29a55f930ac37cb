import type { Turn } from './conversation.js';

/** A turn as the Anthropic Messages API answers it. */
export function anthropicResponse(turn: Turn, index: number): unknown {
  const content =
    'text' in turn
      ? [{ type: 'text', text: turn.text }]
      : turn.calls.map((call) => ({ type: 'tool_use', ...call }));
  return {
    id: `msg_${index}`,
    type: 'message',
    role: 'assistant',
    model: 'claude-recorded',
    content,
    stop_reason: 'text' in turn ? 'end_turn' : 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 20 },
  };
}

/** A turn as OpenAI Chat Completions answers it. */
export function openAIResponse(turn: Turn, index: number): unknown {
  const message =
    'text' in turn
      ? { role: 'assistant', content: turn.text }
      : {
          role: 'assistant',
          content: null,
          tool_calls: turn.calls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.input) },
          })),
        };
  return {
    id: `chatcmpl-${index}`,
    object: 'chat.completion',
    created: 1_700_000_000 + index,
    model: 'gpt-recorded',
    choices: [
      { index: 0, message, finish_reason: 'text' in turn ? 'stop' : 'tool_calls', logprobs: null },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  };
}
