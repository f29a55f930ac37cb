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

/**
 * The command line's asker: `--yes` approves; a terminal gets an allow once / always / deny
 * prompt; otherwise there is no asker, so `ask` is a denial.
 */
export function createAsker(options: {
  yes: boolean;
  input: Readable & { isTTY?: boolean };
  output: Writable & { isTTY?: boolean };
  onPrompt?: (open: boolean) => void;
}): PermissionAsker | undefined {
  if (options.yes) return () => 'allow-once';
  if (!options.input.isTTY || !options.output.isTTY) return undefined;
  let queue = Promise.resolve<PermissionAnswer>('deny');
  // One prompt at a time: parallel calls in a script wait for the person in turn.
  return (request) => {
    queue = queue.then(async () => {
      options.onPrompt?.(true);
      const rl = createInterface({ input: options.input, output: options.output });
      try {
        const answer = await rl.question(
          `\n? ${describeRequest(request)}\n  (${request.reason})\n  [o]nce, [a]lways, [d]eny? `,
        );
        const key = answer.trim().toLowerCase()[0];
        return key === 'o' || key === 'y' ? 'allow-once' : key === 'a' ? 'allow-always' : 'deny';
      } finally {
        rl.close();
        options.onPrompt?.(false);
      }
    });
    return queue;
  };
}
