import type { AskOption, AskQuestion } from './types.js';

/** A question as the model wrote it. */
export interface RawQuestion {
  readonly question: string;
  readonly header?: string | undefined;
  readonly options: readonly AskOption[];
  readonly multiSelect?: boolean | undefined;
}

/** Trimmed questions, or the message refusing them before anything is shown. */
export type PreparedQuestions =
  | { success: true; value: AskQuestion[] }
  | { success: false; error: string };

/** A display-only text: trimmed, and left out when blank. */
function optionalText(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Checks and trims one question's options; a string is the reason they are refused. */
function prepareOptions(number: number, raw: readonly AskOption[]): AskOption[] | string {
  const seen = new Set<string>();
  const options: AskOption[] = [];
  for (const option of raw) {
    const label = option.label.trim();
    if (label === '') return `Question ${number} has an empty option label`;
    if (/[\r\n]/.test(label)) {
      return `Question ${number} has an option label with a line break, ${JSON.stringify(label)}; a label must be one line`;
    }
    if (seen.has(label)) {
      return `Question ${number} has duplicate option label "${label}" (labels are compared after trimming)`;
    }
    if (option.sample !== undefined && option.sample.trim() === '') {
      return `Question ${number} option "${label}" has a blank sample; leave sample out instead`;
    }
    seen.add(label);
    options.push({ label, description: optionalText(option.description), sample: option.sample });
  }
  return options;
}

/**
 * Checks what the schema cannot before the user is asked: no blank question, one-line
 * non-empty labels distinct after trimming, and no blank sample. Labels, question texts, headers and descriptions are trimmed; a blank header or
 * description is left out. Every refusal reads `Error: …`.
 */
export function prepareQuestions(raw: readonly RawQuestion[]): PreparedQuestions {
  const questions: AskQuestion[] = [];
  for (const [i, question] of raw.entries()) {
    const text = question.question.trim();
    if (text === '') return { success: false, error: `Error: Question ${i + 1} is blank` };
    const options = prepareOptions(i + 1, question.options);
    if (typeof options === 'string') return { success: false, error: `Error: ${options}` };
    questions.push({
      question: text,
      header: optionalText(question.header),
      options,
      multiSelect: question.multiSelect === true,
    });
  }
  return { success: true, value: questions };
}
