import type { ExecManager } from '@toolcall/exec';
import type { HandlerContext, Tool } from '@toolcall/pipeline';
import type { ResourceResolver } from '@toolcall/resources';
import { type ApplyPatchOptions, createApplyPatchTool } from './patch/apply-patch-tool.js';
import type { ConversationReads } from './read/read-memo.js';
import { createReadTool } from './read/read-tool.js';
import { createGlobTool } from './search/glob-tool.js';
import { createGrepTool } from './search/grep-tool.js';

/** Options shared by the four file tools, plus ApplyPatch's review and Plan-mode options. */
export interface FileToolsOptions extends Pick<ApplyPatchOptions, 'reviewPatch' | 'planMode'> {
  readonly cwd: string;
  readonly resources?: ResourceResolver | undefined;
  readonly sessionId?: string | undefined;
  readonly exec?: ExecManager | undefined;
  /** Helper timeout in milliseconds (default 20 s). */
  readonly timeoutMs?: number;
  /** The owner of a call (`/root` unless given); Read tells only `/root` a file is unchanged. */
  readonly ownerOf?: ((context: HandlerContext) => string) | undefined;
  /** Read's memory of what the root conversation read (see `createReadTool`). */
  readonly readMemory?: ConversationReads | undefined;
  /** Whether the current model takes media of a type (see `createReadTool`). */
  readonly acceptsMedia?: ((mimeType: string) => boolean) | undefined;
}

/** Creates Read, Glob, Grep and ApplyPatch bound to one working directory and resolver. */
export function createFileTools(options: FileToolsOptions): Tool[] {
  return [
    createReadTool(options),
    createGlobTool(options),
    createGrepTool(options),
    createApplyPatchTool(options),
  ];
}
