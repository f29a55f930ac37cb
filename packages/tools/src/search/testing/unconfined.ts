import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPipeline } from '@toolcall/pipeline';
import { createNodeResources } from '@toolcall/resources/node';
import { createFileTools } from '../../file-tools.js';
import { createTargetPreparer } from '../../prepare-targets.js';

/** A temporary workspace searched by the file tools, for tests. */
export interface SearchWorkspace {
  readonly root: string;
  write(relative: string, content: string): Promise<string>;
  run(name: string, input: Record<string, unknown>): Promise<{ status: string; result: unknown }>;
  dispose(): Promise<void>;
}

/**
 * The file tools without an exec manager, so ripgrep is spawned directly (`createToolSet`
 * always confines it through its own manager).
 */
export async function createUnconfinedWorkspace(
  options: { readonly timeoutMs?: number } = {},
): Promise<SearchWorkspace> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-tools-')));
  const resources = createNodeResources({ workspace: root });
  const pipeline = createPipeline({
    tools: createFileTools({ cwd: root, resources, ...options }),
    mode: 'full-auto',
    rules: [],
    resources: createTargetPreparer({ cwd: root, resources, sessionId: undefined }),
  });
  let counter = 0;
  return {
    root,
    write: async (relative, content) => {
      const file = path.join(root, relative);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
      return file;
    },
    run: async (name, input) => {
      counter += 1;
      const outcome = await pipeline.runTool({ name, input, toolUseId: `toolu_${counter}` })
        .outcome;
      return { status: outcome.status, result: outcome.result };
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}
