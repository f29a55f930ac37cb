import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createExecManager, type ExecManager, type ExecManagerOptions } from '@toolcall/exec';
import {
  createPipeline,
  type Pipeline,
  type PipelineOptions,
  type ToolOutcome,
} from '@toolcall/pipeline';
import { afterEach } from 'vitest';
import { createExecutionTools, type ExecutionTools } from '../create-execution-tools.js';
import type { ExecutionToolsOptions } from '../options.js';

const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A temporary directory removed after the test. */
export function temporaryDirectory(prefix = 'exectools-'): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

/** A real manager, the five tools and a real pipeline over a fresh workspace. */
export interface Harness {
  workspace: string;
  manager: ExecManager;
  execution: ExecutionTools;
  pipeline: Pipeline;
  /** Runs one call through the pipeline and returns its settled outcome. */
  call(name: string, input: unknown, toolUseId?: string): Promise<ToolOutcome>;
  /** Runs one call and returns the provider projection's text. */
  project(name: string, input: unknown): Promise<string>;
}

let sequence = 0;

/** Builds a harness; the manager gets an empty HOME so login shells print nothing of their own. */
export function createHarness(
  options: {
    manager?: Partial<ExecManagerOptions>;
    tools?: Partial<ExecutionToolsOptions>;
    pipeline?: PipelineOptions;
    installHooks?: boolean;
  } = {},
): Harness {
  const workspace = temporaryDirectory();
  const manager = createExecManager({
    workspaceRoot: workspace,
    sandbox: 'off',
    graceMs: 300,
    ...options.manager,
    hostEnvironment: { ...process.env, HOME: temporaryDirectory('exectools-home-') },
  });
  cleanups.push(() => manager.teardown());
  const execution = createExecutionTools({ manager, ...options.tools });
  const pipeline = createPipeline({
    mode: 'full-auto',
    ...options.pipeline,
    tools: [...execution.tools, ...(options.pipeline?.tools ?? [])],
    hooks: [
      ...(options.installHooks === false ? [] : execution.hooks),
      ...(options.pipeline?.hooks ?? []),
    ],
  });
  const call = (name: string, input: unknown, toolUseId = `toolu_${++sequence}`) =>
    pipeline.runTool({ name, input, toolUseId }).outcome;
  return {
    workspace,
    manager,
    execution,
    pipeline,
    call,
    project: async (name, input) => (await pipeline.project(await call(name, input))).text,
  };
}

/** Replaces the run-dependent wall time so whole results can be compared. */
export function stable(text: unknown): string {
  return String(text)
    .replace(/wall_time_seconds=(\\?)"[0-9.]+\\?"/g, 'wall_time_seconds=$1"T$1"')
    .replace(/execution_id="[^"]+"/g, 'execution_id="ID"');
}

/** The execution id a yielded result names. */
export function executionIdOf(result: unknown): string {
  const match = /execution_id="([^"]+)"/.exec(String(result));
  if (!match?.[1]) throw new Error(`no execution_id in ${String(result)}`);
  return match[1];
}
