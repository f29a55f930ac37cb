import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { PermissionAnswer, PermissionAsker, PermissionRequest } from '@toolcall/pipeline';
import { describePermissionRequest } from '../host/describe-request.js';

/** The longest timer Node keeps (about 24.8 days): in effect, no limit on a person's answer. */
const PERSON_WAIT_MS = 2_147_483_647;

/** What a denial says by default when the client cannot be asked. */
export const DEFAULT_NO_ELICITATION_ADVICE = 'allow it with a permission rule';

/** Options of `createElicitingAsker`. */
export interface ElicitingAskerOptions {
  /** The server connected to the client that made the call, once there is one. */
  readonly server: () => Server | undefined;
  /** Decides instead when the client cannot be asked (no elicitation); denial otherwise. */
  readonly fallback?: PermissionAsker | undefined;
  /** How to allow the call, told in that denial. */
  readonly noElicitationAdvice?: string;
}

/**
 * Asks through MCP elicitation when the client supports it, and otherwise falls back to
 * `fallback`, or denies saying that no one could be asked. A call cancelled while the client
 * is asked cancels the elicitation request.
 */
export function createElicitingAsker(options: ElicitingAskerOptions): PermissionAsker {
  const { server, fallback, noElicitationAdvice = DEFAULT_NO_ELICITATION_ADVICE } = options;
  return async (request: PermissionRequest): Promise<PermissionAnswer> => {
    const connected = server();
    if (connected?.getClientCapabilities()?.elicitation === undefined) {
      if (fallback !== undefined) return fallback(request);
      // Nobody declined: this client cannot be asked, so say so and how to allow the call.
      return {
        outcome: 'deny',
        reason: `approval is required (${request.reason}) and no one can be asked: the MCP client does not support elicitation; ${noElicitationAdvice}`,
      };
    }
    // The pipeline ignores the answer for a cancelled call: nobody needs to be asked.
    if (request.signal.aborted) return 'deny';
    let answer: Awaited<ReturnType<Server['elicitInput']>>;
    try {
      // Cancelling the call cancels the elicitation too: the SDK sends the client
      // `notifications/cancelled` for it and no longer waits for its answer.
      answer = await connected.elicitInput(
        {
          message: `${describePermissionRequest(request)} (${request.reason})`,
          requestedSchema: {
            type: 'object',
            properties: {
              decision: {
                type: 'string',
                title: 'Allow this call?',
                enum: ['allow-once', 'allow-always', 'deny'],
              },
            },
            required: ['decision'],
          },
        },
        // A person may take as long as they need: the SDK's 60 s default would deny the call
        // while they read it. The call's own cancellation still ends the wait.
        { signal: request.signal, timeout: PERSON_WAIT_MS },
      );
    } catch (error) {
      if (request.signal.aborted) return 'deny';
      throw error;
    }
    if (answer.action !== 'accept') return 'deny';
    const decision = answer.content?.decision;
    return decision === 'allow-once' || decision === 'allow-always' ? decision : 'deny';
  };
}
