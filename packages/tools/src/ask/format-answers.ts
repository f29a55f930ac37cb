import type { AskAnswer, AskQuestion } from './types.js';

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '' : prefix + line))
    .join('\n');
}

function checkAnswer(index: number, question: AskQuestion, answer: AskAnswer): void {
  const labels = new Set(question.options.map((option) => option.label));
  for (const label of answer.selected) {
    if (!labels.has(label.trim())) {
      throw new TypeError(
        `askUser: answer ${index + 1} selects "${label}", which is not an offered label`,
      );
    }
  }
  if (!question.multiSelect && answer.selected.length + (answer.custom?.trim() ? 1 : 0) > 1) {
    throw new TypeError(
      `askUser: answer ${index + 1} gives several answers to a single-select question`,
    );
  }
}

function formatOne(index: number, question: AskQuestion, answer: AskAnswer | undefined): string {
  const lines = [`${index + 1}. ${question.question}`];
  const chosen = new Set(answer?.selected.map((label) => label.trim()) ?? []);
  // Offered-option order, whatever order the host reported them in.
  const selected = question.options.filter((option) => chosen.has(option.label));
  const custom = answer?.custom?.trim() ?? '';
  const parts = selected.map((option) => option.label);
  if (custom !== '') parts.push(`(custom) ${custom}`);
  lines.push(parts.length === 0 ? '   Answer: no preference' : `   Answer: ${parts.join('; ')}`);
  for (const option of selected) {
    if (option.sample === undefined) continue;
    lines.push(`   Sample (${option.label}):`, indent(option.sample, '     '));
  }
  return lines.join('\n');
}

/** Renders the submitted answers; an empty answer reads as no preference, never as consent. */
export function formatAnswers(
  questions: readonly AskQuestion[],
  answers: readonly (AskAnswer | undefined)[],
): string {
  if (answers.length > questions.length) {
    throw new TypeError(
      `askUser: expected at most ${questions.length} answers, received ${answers.length}`,
    );
  }
  const blocks = questions.map((question, i) => {
    const answer = answers[i];
    if (answer !== undefined) checkAnswer(i, question, answer);
    return formatOne(i, question, answer);
  });
  return ['The user answered the questionnaire:', '', ...blocks].join('\n');
}
