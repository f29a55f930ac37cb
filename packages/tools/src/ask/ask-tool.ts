import { defineTool, z } from '@toolcall/pipeline';
import { askRenderer } from './ask-renderer.js';
import { formatAnswers } from './format-answers.js';
import { prepareQuestions } from './prepare-questions.js';
import type { AskUser } from './types.js';

/** What `createAskTool` needs from its host. */
export interface AskToolOptions {
  readonly askUser: AskUser;
}

const DESCRIPTION = [
  'Asks the user one to four multiple-choice questions at once and returns their answers.',
  'Each question offers labelled options (optionally with a description and a sample shown',
  'beside it); multiSelect lets the user pick several; the user may always write a custom',
  'answer. An unanswered question reports no preference. Standalone only: the call must be',
  'the entire expression.',
].join(' ');

/** The most questions one call may carry, and the most options one question may offer. */
const MAX_QUESTIONS = 4;
const MAX_OPTIONS = 4;

// Built per tool, not at import: constructing zod schemas was most of the package's own
// evaluation at import.
function questionSchema() {
  const option = z.object({
    label: z
      .string()
      .min(1)
      .describe('Short one-line option label; labels must differ after trimming.'),
    description: z.string().optional().describe('What choosing this option means.'),
    sample: z
      .string()
      .optional()
      .describe('A non-blank code or text sample shown beside the option.'),
  });
  return z.object({
    question: z.string().min(1).describe('The full question.'),
    header: z.string().optional().describe('A very short tag for the question.'),
    options: z.array(option).min(1).max(MAX_OPTIONS),
    multiSelect: z.boolean().optional().describe('Let the user pick several options.'),
  });
}

// ToolSearch prints only top-level arguments, so the item shape is spelled out here.
const QUESTIONS = [
  'The questions, each a plist (:question "full question" :header "short tag"',
  ':options [(:label "A" :description "what A means" :sample "text shown beside A") ...]',
  ':multiSelect t); :header, :description, :sample and :multiSelect are optional.',
  `At most ${MAX_QUESTIONS} questions of 1 to ${MAX_OPTIONS} options each; labels are one line`,
  'and differ after trimming; the user can always write a custom answer instead.',
].join(' ');

/** Creates the standalone-only `Ask` tool, which hands its questionnaire to `askUser`. */
export function createAskTool(options: AskToolOptions) {
  if (typeof options !== 'object' || options === null || typeof options.askUser !== 'function') {
    throw new TypeError(
      `createAskTool: \`askUser\` must be a function, received ${typeof options?.askUser}`,
    );
  }
  const { askUser } = options;
  return defineTool({
    name: 'Ask',
    description: DESCRIPTION,
    category: 'interaction',
    groups: ['interaction'],
    // Asking changes nothing; the user's answer is the only effect.
    readOnly: true,
    maxResultSize: 30_000,
    renderer: { success: askRenderer },
    args: z.object({
      questions: z.array(questionSchema()).min(1).max(MAX_QUESTIONS).describe(QUESTIONS),
    }),
    handler: async (args, context) => {
      const prepared = prepareQuestions(args.questions);
      if (!prepared.success) return { result: prepared.error, status: 'error' as const };
      const asking = () =>
        askUser({
          questions: prepared.value,
          toolUseId: context.toolUseId,
          signal: context.signal,
        });
      // Time spent waiting for the person does not count against a ToolCall script's budget.
      const response = await (context.waitForPerson?.(asking) ?? asking());
      if (response.status === 'cancelled') {
        return { result: 'Error: The user cancelled the questionnaire.', status: 'error' as const };
      }
      return {
        result: formatAnswers(prepared.value, response.answers),
        renderData: {
          questions: prepared.value.length,
          answered: response.answers.filter(
            (answer) =>
              answer !== undefined && (answer.selected.length > 0 || !!answer.custom?.trim()),
          ).length,
        },
      };
    },
  });
}
