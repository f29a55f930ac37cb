import { countTokens as countClaudeTokens } from '@anthropic-ai/tokenizer';
import { getEncoding, type Tiktoken } from 'js-tiktoken';

/** A named token counter. */
export interface Tokenizer {
  /** Short key used in the result file. */
  readonly id: 'o200k' | 'claude';
  /** What the counter is, said honestly in the output. */
  readonly label: string;
  count(text: string): number;
}

let o200k: Tiktoken | undefined;

/** OpenAI's o200k_base encoding (GPT-4o and later), through js-tiktoken. */
export const O200K: Tokenizer = {
  id: 'o200k',
  label: 'o200k_base (js-tiktoken), the encoding of OpenAI GPT-4o and later models',
  count(text) {
    o200k ??= getEncoding('o200k_base');
    return o200k.encode(text, 'all').length;
  },
};

/**
 * The Claude tokenizer Anthropic published on npm (`@anthropic-ai/tokenizer`). It is the older
 * models' vocabulary: for current Claude models it is an approximation.
 */
export const CLAUDE: Tokenizer = {
  id: 'claude',
  label:
    '@anthropic-ai/tokenizer, the older published Claude tokenizer (an approximation for current Claude models)',
  count: (text) => countClaudeTokens(text),
};

/** Both counters, OpenAI's first. */
export const TOKENIZERS: readonly Tokenizer[] = [O200K, CLAUDE];
