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

/** Trims option labels and refuses empty or duplicate labels, before the user is asked. */
export function prepareQuestions(raw: readonly RawQuestion[]): PreparedQuestions {
  const questions: AskQuestion[] = [];
  for (const [i, question] of raw.entries()) {
    const seen = new Set<string>();
    const options: AskOption[] = [];
    for (const option of question.options) {
      const label = option.label.trim();
      if (label === '') {
        return { success: false, error: `Error: Question ${i + 1} has an empty option label` };
      }
      if (seen.has(label)) {
        return {
          success: false,
          error: `Error: Question ${i + 1} has duplicate option label "${label}" (labels are compared after trimming)`,
        };
      }
      seen.add(label);
      options.push({ label, description: option.description, sample: option.sample });
    }
    questions.push({
      question: question.question,
      header: question.header,
      options,
      multiSelect: question.multiSelect === true,
    });
  }
  return { success: true, value: questions };
}
