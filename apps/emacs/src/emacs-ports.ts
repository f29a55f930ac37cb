import type { PermissionAnswer, PermissionAsker } from '@toolcall/pipeline';
import type { AskResponse, AskUser, PatchReviewAnswer, PatchReviewer } from '@toolcall/tools';
import type { Connection } from './connection.js';
import type { CallHosted } from './hosted-tools.js';
import {
  askResponseSchema,
  describeIssues,
  hostedResultSchema,
  patchReviewAnswerSchema,
  permissionAnswerSchema,
} from './protocol.js';

const NOT_SHOWN = 'the questionnaire could not be shown';

/** The person-facing ports the pipeline needs, each answered by Emacs over the connection. */
export interface EmacsPorts {
  asker: PermissionAsker;
  askUser: AskUser;
  callHosted: CallHosted;
  /** Offers an ApplyPatch to Emacs for review per file and hunk. */
  reviewPatch: PatchReviewer;
}

/** Builds the ports that turn pipeline questions into requests to Emacs. */
export function createEmacsPorts(connection: Connection): EmacsPorts {
  return {
    // A reply that fails validation, or a connection that closes, counts as a denial.
    asker: async (request): Promise<PermissionAnswer> => {
      try {
        const reply = permissionAnswerSchema.safeParse(
          await connection.request('permission/ask', {
            toolName: request.toolName,
            toolUseId: request.toolUseId,
            input: request.input,
            reason: request.reason,
          }),
        );
        return reply.success ? reply.data.answer : 'deny';
      } catch {
        return 'deny';
      }
    },
    // Only Emacs's own cancelled reply is a cancel: a failed request or a malformed reply
    // means the user never saw the questions, so the call fails with the reason instead.
    askUser: async (request) => {
      let raw: unknown;
      try {
        raw = await connection.request(
          'ask/questions',
          { questions: request.questions, toolUseId: request.toolUseId },
          request.signal,
        );
      } catch (error) {
        throw new Error(`${NOT_SHOWN}: ${(error as Error).message}`);
      }
      const reply = askResponseSchema.safeParse(raw);
      if (!reply.success) {
        throw new Error(
          `${NOT_SHOWN}: Emacs replied ${describeIssues(reply.error)}, expected ` +
            '{status: "submitted", answers} or {status: "cancelled"}',
        );
      }
      return reply.data as AskResponse;
    },
    // A failed request or a malformed reply throws: the pipeline then writes nothing.
    reviewPatch: async (proposal, { signal }): Promise<PatchReviewAnswer> => {
      const raw = await connection.request(
        'patch/review',
        {
          toolUseId: proposal.toolUseId,
          files: proposal.files.map((file) => ({
            path: file.path,
            kind: file.kind,
            ...(file.destination === undefined ? {} : { destination: file.destination }),
            diff: file.diff,
            hunks: file.hunks.map((hunk) => ({
              number: hunk.number,
              diff: hunk.diff,
              ...(hunk.fuzzy === undefined ? {} : { fuzzy: hunk.fuzzy }),
            })),
          })),
        },
        signal,
      );
      const reply = patchReviewAnswerSchema.safeParse(raw);
      if (!reply.success) {
        throw new Error(
          `Emacs replied ${describeIssues(reply.error)}, expected accept-all, reject-all, ` +
            '{outcome: "review", files} or {outcome: "revise"}',
        );
      }
      return reply.data;
    },
    callHosted: async ({ name, args, toolUseId, signal }) => {
      try {
        const reply = hostedResultSchema.safeParse(
          await connection.request('emacs/callTool', { name, arguments: args, toolUseId }, signal),
        );
        if (!reply.success) {
          return { result: `Error: Emacs replied ${describeIssues(reply.error)}`, status: 'error' };
        }
        return { result: reply.data.result, status: reply.data.status ?? 'success' };
      } catch (error) {
        return { result: `Error: ${(error as Error).message}`, status: 'error' };
      }
    },
  };
}
