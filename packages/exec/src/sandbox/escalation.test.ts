import { describe, expect, it } from 'vitest';
import { resolveEscalation } from './escalation.js';

function outcome(result: ReturnType<typeof resolveEscalation>) {
  return result.success ? result.value : { code: result.error.code, message: result.error.message };
}

describe('resolveEscalation', () => {
  it('returns default confinement for use_default and empty additions', () => {
    expect([
      outcome(resolveEscalation({}, undefined)),
      outcome(
        resolveEscalation(
          {
            sandbox_permissions: 'with_additional_permissions',
            additional_permissions: { network: false, file_system: { read: [], write: [] } },
          },
          undefined,
        ),
      ),
    ]).toEqual([{ kind: 'default' }, { kind: 'default' }]);
  });

  it('grants additions and escalation only with the host approval and a justification', () => {
    const additional = {
      sandbox_permissions: 'with_additional_permissions',
      additional_permissions: { network: true, file_system: { write: ['/data/out'] } },
      justification: 'upload',
    } as const;
    expect([
      outcome(resolveEscalation(additional, undefined)),
      outcome(resolveEscalation(additional, 'approved')),
      outcome(resolveEscalation({ ...additional, justification: '' }, 'approved')),
      outcome(
        resolveEscalation(
          { sandbox_permissions: 'require_escalated', justification: 'x' },
          'approved',
        ),
      ),
    ]).toEqual([
      {
        code: 'escalation-refused',
        message:
          'with_additional_permissions was not approved by the host; the command did not run.',
      },
      { kind: 'additional', network: true, read: [], write: ['/data/out'] },
      { code: 'escalation-refused', message: 'with_additional_permissions needs a justification.' },
      { kind: 'escalated' },
    ]);
  });

  it('refuses combinations the vocabulary forbids', () => {
    expect([
      outcome(resolveEscalation({ additional_permissions: { network: true } }, 'approved')),
      outcome(
        resolveEscalation(
          {
            sandbox_permissions: 'require_escalated',
            additional_permissions: { network: true },
            justification: 'x',
          },
          'approved',
        ),
      ),
      outcome(
        resolveEscalation(
          {
            sandbox_permissions: 'with_additional_permissions',
            additional_permissions: { file_system: { read: ['relative/path'] } },
            justification: 'x',
          },
          'approved',
        ),
      ),
    ]).toEqual([
      {
        code: 'escalation-refused',
        message: 'additional_permissions need sandbox_permissions="with_additional_permissions".',
      },
      {
        code: 'escalation-refused',
        message: 'require_escalated cannot be combined with additional_permissions.',
      },
      {
        code: 'escalation-refused',
        message: 'additional_permissions paths must be absolute; got relative/path.',
      },
    ]);
  });
});
