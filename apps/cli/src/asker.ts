import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';
import type { PermissionAnswer, PermissionAsker, PermissionRequest } from '@toolcall/pipeline';

/** What a permission prompt shows: the tool and what exactly it will touch or run. */
export function describeRequest(request: PermissionRequest): string {
  const { facts, toolName } = request;
  const parts: string[] = [];
  if (facts.pattern !== undefined) parts.push(`run: ${facts.pattern}`);
  if (facts.domain !== undefined) parts.push(`connect to: ${facts.domain}`);
  if (facts.name !== undefined) parts.push(`name: ${facts.name}`);
  for (const entry of facts.paths) parts.push(`${entry.access}: ${entry.path}`);
  if (parts.length === 0) parts.push(JSON.stringify(request.input).slice(0, 200));
  return `${toolName} wants to ${parts.join(', ')}`;
}

/** Asks one question on the terminal and resolves to the line typed (empty when input ends). */
export type AskQuestion = (text: string) => Promise<string>;

/**
 * An asker that puts each request to a person through `question`, one prompt at a time: parallel
 * calls in a script wait for the person in turn. `o` allows once, `a` always, anything else denies.
 */
export function promptAsker(
  question: AskQuestion,
  onPrompt?: (open: boolean) => void,
): PermissionAsker {
  let queue = Promise.resolve<PermissionAnswer>('deny');
  return (request) => {
    queue = queue.then(async () => {
      onPrompt?.(true);
      try {
        const answer = await question(
          `\n? ${describeRequest(request)}\n  (${request.reason})\n  [o]nce, [a]lways, [d]eny? `,
        );
        const key = answer.trim().toLowerCase()[0];
        return key === 'o' || key === 'y' ? 'allow-once' : key === 'a' ? 'allow-always' : 'deny';
      } finally {
        onPrompt?.(false);
      }
    });
    return queue;
  };
}

/**
 * The command line's asker: `--yes` approves; a terminal gets an allow once / always / deny
 * prompt on a reader opened for the question; otherwise there is no asker, so `ask` is a denial.
 * A command that reads the terminal itself (the REPL) asks through its own reader instead.
 */
export function createAsker(options: {
  yes: boolean;
  input: Readable & { isTTY?: boolean };
  output: Writable & { isTTY?: boolean };
  onPrompt?: (open: boolean) => void;
}): PermissionAsker | undefined {
  if (options.yes) return () => 'allow-once';
  if (!options.input.isTTY || !options.output.isTTY) return undefined;
  return promptAsker(async (text) => {
    const rl = createInterface({ input: options.input, output: options.output });
    try {
      return await rl.question(text);
    } finally {
      rl.close();
    }
  }, options.onPrompt);
}
