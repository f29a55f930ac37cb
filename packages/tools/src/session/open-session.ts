import { ToolsError } from '../errors.js';
import { createSessionArtifactStore } from './artifact-store.js';
import { createSessionMediaSink } from './media-sink.js';
import { normalizeSessionOptions, type OpenSessionOptions } from './open-session-options.js';
import type { Session } from './session.js';
import { openCheckpoints } from './session-checkpoints.js';
import {
  checkWorkspace,
  createSessionDirectories,
  removeIfEmpty,
  type SessionResult,
} from './session-directories.js';
import { newSessionId, SESSION_ID_PATTERN, sessionLayout } from './session-layout.js';
import { toolSetOptionsOf } from './session-tool-set-options.js';

/**
 * Opens a session of a workspace, new or resumed: creates `.toolcall/sessions/ID/`, its artifact
 * store (atomic writes, one artifact per execution, the quota), its media sink and its ToolCall
 * checkpoints, recovering the scripts an ended process left running there. Fails, as a value,
 * on a bad session id, a missing workspace or a session directory that cannot be created.
 */
export async function openSession(options: OpenSessionOptions): Promise<SessionResult<Session>> {
  const normalized = normalizeSessionOptions(options);
  const { workspace, quotaBytes, sessionId } = normalized;
  if (sessionId !== undefined && !SESSION_ID_PATTERN.test(sessionId)) {
    return {
      success: false,
      error: new ToolsError(
        'invalid-session-id',
        `bad session id '${sessionId}': use letters, digits, . _ - (at most 64, not starting with . _ -)`,
      ),
    };
  }
  const checked = await checkWorkspace(workspace);
  if (!checked.success) return checked;
  const id = sessionId ?? newSessionId();
  const layout = sessionLayout({ workspace, id });
  const directories = await createSessionDirectories(layout, normalized.createDirectory);
  if (!directories.success) return directories;
  const artifacts = createSessionArtifactStore({ directory: layout.artifacts, quotaBytes });
  const media = createSessionMediaSink({ directory: layout.media });
  const { checkpointsDirectory } = normalized;
  const opened =
    checkpointsDirectory === false
      ? { checkpoints: undefined, recovered: [], warning: undefined }
      : await openCheckpoints({
          directory: checkpointsDirectory ?? layout.checkpoints,
          probe: checkpointsDirectory !== undefined,
        });
  const { checkpoints } = opened;
  let attached: Parameters<Session['attach']>[0] | undefined;
  const settled = new Set<string>();
  let closing: Promise<void> | undefined;
  const wiring = {
    id,
    workspace,
    layout,
    artifacts,
    media,
    checkpoints,
    settlementCommit: normalized.settlementCommit,
    providers: normalized.providers,
  };
  const session: Session = {
    id,
    workspace,
    layout,
    resumed: directories.value.resumed,
    quotaBytes: artifacts.quotaBytes,
    artifacts,
    media,
    checkpoints,
    recovered: opened.recovered,
    warnings: opened.warning === undefined ? [] : [opened.warning],
    toolSetOptions: (toolSetOptions) => toolSetOptionsOf(wiring, toolSetOptions),
    attach(toolSet) {
      attached = toolSet;
      checkpoints?.autosave(() => toolSet.toolCallJournals());
    },
    async settle(envelopeId) {
      // Once: a script stopped on shutdown is settled then and again when its reply goes out.
      if (settled.has(envelopeId)) return;
      settled.add(envelopeId);
      await checkpoints?.consume(envelopeId);
      await attached?.commitToolCall(envelopeId, { consume: true });
    },
    close() {
      closing ??= (async () => {
        await checkpoints?.stop();
        await removeIfEmpty(directories.value.created);
      })();
      return closing;
    },
  };
  return { success: true, value: session };
}

/** `openSession`, throwing its ToolsError instead of returning it. */
export async function openSessionOrThrow(options: OpenSessionOptions): Promise<Session> {
  const opened = await openSession(options);
  if (!opened.success) throw opened.error;
  return opened.value;
}
