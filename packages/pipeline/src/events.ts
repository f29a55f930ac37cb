import type { ToolOutcome } from './outcome.js';
import type { PermissionProvenance, PermissionSource } from './permissions/provenance.js';
import type { CallSource, PermissionApproval } from './tool-types.js';

interface EventIdentity {
  readonly toolName: string;
  readonly toolUseId: string;
  readonly parentId: string | undefined;
  readonly source: CallSource;
  readonly input: unknown;
}

/** Lifecycle events; every payload is a copy, so observers cannot change the call. */
export type PipelineEvent =
  | ({ readonly type: 'started' } & EventIdentity)
  | ({
      readonly type: 'permission-approved';
      readonly approval: {
        readonly source: string;
        readonly outcome: 'allow-once' | 'allow-session' | 'allow-always' | 'allow';
        readonly reason: string;
      };
      /** How the permission was settled: source, rule text, deciding segment, answer. */
      readonly permission: PermissionProvenance;
    } & EventIdentity)
  | ({ readonly type: 'settled'; readonly outcome: ToolOutcome } & EventIdentity);

/** Receives pipeline events; a throw is reported as a warning and never changes settlement. */
export type PipelineListener = (event: PipelineEvent) => void;

/** A redacted telemetry record: no arguments, paths, commands or results. */
export interface TelemetryRecord {
  readonly tool: string;
  /** The call's id: a nested ToolCall child's is `ENVELOPE-ID/N`. */
  readonly toolUseId: string;
  /** The enclosing ToolCall's id for a nested call; undefined for a direct call. */
  readonly parentId: string | undefined;
  readonly origin: string;
  readonly source: CallSource;
  readonly outcome: 'success' | 'error';
  readonly errorCode: string | undefined;
  readonly validation: 'valid' | 'repaired' | 'invalid' | 'abandoned';
  readonly rules: readonly string[];
  /**
   * The permission decision and its source, with the deciding rule's text when a rule
   * decided; never the reason or segment (they quote arguments). Undefined when the call
   * ended before the permission step.
   */
  readonly permission?:
    | {
        readonly decision: 'allow' | 'deny';
        readonly source: PermissionSource;
        readonly rule?: string;
      }
    | undefined;
  readonly durationMs: number;
}

/** Copies of approvals, so no consumer can mutate the settled record. */
export function copyApprovals(approvals: readonly PermissionApproval[]): PermissionApproval[] {
  return approvals.map((approval) => ({ ...approval }));
}
