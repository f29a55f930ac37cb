import type { SettlementCommit } from '@toolcall/pipeline';
import type { HostCheckpoints } from '@toolcall/pipeline/node';
import type { ResourceProviders } from '@toolcall/resources';
import { createNodeResources } from '@toolcall/resources/node';
import { packagedDocsDirectory } from '../packaged-docs.js';
import type { ToolSetOptions } from '../tool-set.js';
import type { SessionArtifactStore } from './artifact-store.js';
import type { SessionMediaSink } from './media-sink.js';
import type { SessionLayout } from './session-layout.js';

/** The options of `createToolSet` a session supplies itself, refused in `toolSetOptions`. */
const SUPPLIED = ['workspace', 'media', 'artifacts', 'checkpoints', 'sessionStore', 'resources'];

/**
 * What `Session.toolSetOptions` takes: `createToolSet`'s options without the ones the session
 * supplies (workspace, media, artifacts, checkpoints, session store and resources); of
 * `session`, only the working directory.
 */
export type SessionToolSetOptions = Omit<
  ToolSetOptions,
  'workspace' | 'session' | 'media' | 'artifacts' | 'checkpoints' | 'sessionStore' | 'resources'
> & { readonly session?: { readonly cwd?: string } };

/** What of an open session goes into a tool set. */
export interface SessionWiring {
  readonly id: string;
  readonly workspace: string;
  readonly layout: SessionLayout;
  readonly artifacts: SessionArtifactStore;
  readonly media: SessionMediaSink;
  readonly checkpoints: HostCheckpoints | undefined;
  readonly settlementCommit: SettlementCommit;
  readonly providers: ResourceProviders | undefined;
}

/**
 * `createToolSet`'s options with a session wired in: its id scopes `work://`, `artifact://` and
 * `history://saved` (resolved in the session's directories), oversized output and fetched
 * files go to its artifact store, media to its media sink, ToolCall's checkpoints to its
 * checkpoint store, and the process manager protects its session store from confined children.
 */
export function toolSetOptionsOf(
  wiring: SessionWiring,
  options: SessionToolSetOptions = {},
): ToolSetOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(
      `Session.toolSetOptions: options must be an object, received ${String(options)}`,
    );
  }
  for (const key of SUPPLIED) {
    if ((options as Record<string, unknown>)[key] !== undefined) {
      throw new TypeError(
        `Session.toolSetOptions: ${key} is the session's own; open the session with what it needs instead of passing ${key}`,
      );
    }
  }
  const { id, workspace, layout, checkpoints } = wiring;
  const docsDirectory = options.docsDirectory ?? packagedDocsDirectory();
  return {
    ...options,
    workspace,
    session: { ...options.session, id },
    sessionStore: layout.sessionsDirectory,
    resources: createNodeResources({
      workspace,
      sessionId: id,
      sessionsDirectory: layout.sessionsDirectory,
      ...(docsDirectory === undefined ? {} : { docsDirectory }),
      ...(wiring.providers === undefined ? {} : { providers: wiring.providers }),
    }),
    media: wiring.media,
    artifacts: wiring.artifacts,
    ...(checkpoints === undefined ? {} : { checkpoints: checkpoints.store }),
    toolCall: {
      ...options.toolCall,
      ...(checkpoints === undefined ? {} : { settlementCommit: wiring.settlementCommit }),
    },
  };
}
