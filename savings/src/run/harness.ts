import { join } from 'node:path';
import {
  type PermissionRule,
  parsePermissionRule,
  projectToolCall,
  type TelemetryRecord,
} from '@toolcall/pipeline';
import { createSessionArtifactStore, createToolSet, type ToolSet } from '@toolcall/tools';
import type { PlannedCall } from '../tasks/types.js';

/** One settled top-level call, as the model saw it. */
export interface CallRecord {
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** The result text exactly as the tool set projects it for the model. */
  readonly text: string;
  readonly isError: boolean;
  /** How many nested calls a ToolCall script made (0 for an ordinary call). */
  readonly nested: number;
  /** The pipeline's duration of the call, in milliseconds. */
  readonly durationMs: number;
}

/** An embedded tool set over one workspace that runs a model turn's calls together. */
export interface Harness {
  readonly set: ToolSet;
  turn(calls: readonly PlannedCall[]): Promise<CallRecord[]>;
  close(): Promise<void>;
}

function rule(text: string): PermissionRule {
  const parsed = parsePermissionRule(text, 'allow');
  if (!parsed.success) throw new Error(`bad rule ${text}: ${parsed.error}`);
  return parsed.value;
}

/**
 * Opens the real tool set over a workspace the way a host does (session artifacts, provider
 * projection) in full-auto mode, with a rule naming the loopback host so WebFetch may reach the
 * fixture site: nothing asks.
 */
export function openHarness(options: { workspace: string; sessionId?: string }): Harness {
  const sessionId = options.sessionId ?? 'bench';
  const telemetry: TelemetryRecord[] = [];
  const set = createToolSet({
    workspace: options.workspace,
    session: { id: sessionId },
    permissions: { mode: 'full-auto', rules: [rule('WebFetch(domain:127.0.0.1)')] },
    artifacts: createSessionArtifactStore({
      directory: join(options.workspace, '.toolcall', 'sessions', sessionId, 'artifacts'),
    }),
    telemetry: (record) => telemetry.push(record),
  });
  let counter = 0;
  const run = async (call: PlannedCall): Promise<CallRecord> => {
    const toolUseId = `toolu_${String(++counter).padStart(3, '0')}`;
    const outcome = await set.pipeline.runTool({ name: call.tool, input: call.input, toolUseId })
      .outcome;
    const projected =
      outcome.toolName === 'ToolCall'
        ? await projectToolCall(set.pipeline, outcome)
        : await set.pipeline.project(outcome);
    const own = telemetry.find((record) => record.toolUseId === toolUseId);
    return {
      tool: call.tool,
      input: call.input,
      text: projected.text,
      isError: projected.isError,
      nested: telemetry.filter((record) => record.parentId === toolUseId).length,
      durationMs: own?.durationMs ?? 0,
    };
  };
  return {
    set,
    turn: (calls) => Promise.all(calls.map(run)),
    close: () => set.close(),
  };
}
