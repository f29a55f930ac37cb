import { isAbsolute } from 'node:path';
import { ExecError } from '../errors.js';
import { fail, type Result, succeed } from '../result.js';

/** The model's confinement request vocabulary (Bash's `sandbox_permissions`). */
export type SandboxPermissions =
  | 'use_default'
  | 'with_additional_permissions'
  | 'require_escalated';

/** Extra confined permissions a model may ask for (Bash's `additional_permissions`). */
export interface AdditionalPermissions {
  network?: boolean;
  file_system?: { read?: readonly string[]; write?: readonly string[] };
}

/** The escalation fields of one call, as the model sent them. */
export interface EscalationRequest {
  sandbox_permissions?: SandboxPermissions;
  additional_permissions?: AdditionalPermissions;
  justification?: string;
}

/** The host's permission decision for a non-default request; only `approved` lifts anything. */
export type HostDecision = 'approved' | 'denied';

/** The confinement one call will actually get. */
export type ResolvedConfinement =
  | { kind: 'default' }
  | { kind: 'additional'; network: boolean; read: string[]; write: string[] }
  | { kind: 'escalated' };

function refuse(message: string): Result<ResolvedConfinement> {
  return fail(new ExecError('escalation-refused', message));
}

/**
 * Resolves the escalation vocabulary against the host's decision: a model may request more,
 * but only an approved host decision grants additions or lifts confinement.
 */
export function resolveEscalation(
  request: EscalationRequest,
  hostDecision: HostDecision | undefined,
): Result<ResolvedConfinement> {
  const permissions = request.sandbox_permissions ?? 'use_default';
  const additional = request.additional_permissions ?? {};
  const network = additional.network === true;
  const read = [...(additional.file_system?.read ?? [])];
  const write = [...(additional.file_system?.write ?? [])];
  const hasAdditions = network || read.length > 0 || write.length > 0;
  if (permissions === 'use_default') {
    if (hasAdditions) {
      return refuse(
        'additional_permissions need sandbox_permissions="with_additional_permissions".',
      );
    }
    return succeed({ kind: 'default' });
  }
  if (permissions === 'require_escalated' && hasAdditions) {
    return refuse('require_escalated cannot be combined with additional_permissions.');
  }
  if (permissions === 'with_additional_permissions' && !hasAdditions) {
    return succeed({ kind: 'default' });
  }
  if ((request.justification ?? '').trim() === '') {
    return refuse(`${permissions} needs a justification.`);
  }
  const relative = [...read, ...write].find((path) => !isAbsolute(path));
  if (relative !== undefined) {
    return refuse(`additional_permissions paths must be absolute; got ${relative}.`);
  }
  if (hostDecision !== 'approved') {
    return refuse(`${permissions} was not approved by the host; the command did not run.`);
  }
  if (permissions === 'require_escalated') return succeed({ kind: 'escalated' });
  return succeed({ kind: 'additional', network, read, write });
}
