import { join, resolve } from 'node:path';
import { openSession, type Session } from '@toolcall/tools';
import { RPC_ERRORS } from './protocol.js';

/** What an `initialize` says about the session, and the session it replaces. */
export interface BridgeSessionOptions {
  readonly workspace: string;
  readonly sessionId?: string | undefined;
  readonly stateDirectory?: string | undefined;
  readonly previous?: Session | undefined;
}

/**
 * Opens the session an `initialize` asks for in its workspace: the one named by `sessionId`,
 * else the previous one when a second initialize keeps the workspace, else a new one. Its
 * checkpoints go to `STATE/checkpoints`, which the bridges of every workspace share, so the next
 * bridge recovers what a killed one left; without a state directory it keeps none. A missing
 * workspace or a bad session id is the caller's mistake: an invalid-params error naming it.
 */
export async function openBridgeSession(options: BridgeSessionOptions): Promise<Session> {
  const workspace = resolve(options.workspace);
  const { previous, stateDirectory } = options;
  const sessionId =
    options.sessionId ?? (previous?.workspace === workspace ? previous.id : undefined);
  const opened = await openSession({
    workspace,
    ...(sessionId === undefined ? {} : { sessionId }),
    checkpoints:
      stateDirectory === undefined
        ? false
        : { directory: join(resolve(stateDirectory), 'checkpoints') },
    settlementCommit: 'host',
    // Made by the first thing stored: an editor that stores nothing leaves the workspace as it
    // was, even when it is killed.
    createDirectory: false,
  });
  if (!opened.success) {
    throw Object.assign(new Error(`Invalid params: ${opened.error.message}`), {
      code: RPC_ERRORS.invalidParams,
    });
  }
  return opened.value;
}
