import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ToolOutcome } from '@toolcall/pipeline';
import { createToolSet, type ToolSet, type ToolSetOptions } from '../tool-set.js';

/** A temporary workspace with a tool set over it, for tests. */
export interface TestWorkspace {
  readonly root: string;
  readonly toolSet: ToolSet;
  write(relative: string, content: string | Uint8Array): Promise<string>;
  call(name: string, input: Record<string, unknown>): Promise<ToolOutcome>;
  /** Runs a call and returns `{status, result}` only. */
  run(name: string, input: Record<string, unknown>): Promise<{ status: string; result: unknown }>;
  dispose(): Promise<void>;
}

let counter = 0;

/** Creates a real temporary workspace and a full-auto tool set over it. */
export async function createTestWorkspace(
  options: Partial<ToolSetOptions> = {},
): Promise<TestWorkspace> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-tools-')));
  const toolSet = createToolSet({
    workspace: root,
    session: { id: 's1' },
    permissions: { mode: 'full-auto' },
    ...options,
  });
  const write = async (relative: string, content: string | Uint8Array): Promise<string> => {
    const file = path.join(root, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
    return file;
  };
  const call = async (name: string, input: Record<string, unknown>): Promise<ToolOutcome> => {
    counter += 1;
    const run = toolSet.pipeline.runTool({ name, input, toolUseId: `toolu_${counter}` });
    return run.outcome;
  };
  return {
    root,
    toolSet,
    write,
    call,
    run: async (name, input) => {
      const outcome = await call(name, input);
      return { status: outcome.status, result: outcome.result };
    },
    dispose: async () => {
      await toolSet.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
