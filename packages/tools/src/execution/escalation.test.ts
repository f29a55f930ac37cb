import { existsSync } from 'node:fs';
import type { PermissionAnswer, PermissionRequest } from '@toolcall/pipeline';
import { describe, expect, it } from 'vitest';
import { CONFINED_FAILURE_GUIDANCE } from './sandbox-line.js';
import { createHarness, stable, temporaryDirectory } from './testing/harness.js';

function askerAnswering(answer: PermissionAnswer) {
  const asked: PermissionRequest[] = [];
  const asker = (request: PermissionRequest): PermissionAnswer => {
    asked.push(request);
    return answer;
  };
  return { asked, asker };
}

const escalated = (target: string) => ({
  command: `touch ${target}`,
  description: 'write outside',
  sandbox_permissions: 'require_escalated',
  justification: 'the test needs a file outside the workspace',
});

// Bubblewrap is present on the machines this suite runs on; `required` fails loudly if not.
const confined = { manager: { sandbox: 'required' as const } };

describe('Bash escalation', () => {
  it('keeps a default call confined and adds retry guidance when it fails', async () => {
    const outside = temporaryDirectory();
    const { call } = createHarness(confined);
    const outcome = await call('Bash', {
      command: `touch ${outside}/x 2>/dev/null`,
      description: 'write',
    });
    expect([outcome.status, existsSync(`${outside}/x`), stable(outcome.result)]).toEqual([
      'error',
      false,
      `[sandbox: bubblewrap; filesystem: workspace-write; network: none]\n${CONFINED_FAILURE_GUIDANCE}\n\n<bash-execution command="touch ${outside}/x 2&gt;/dev/null" state="completed" termination="exited" exit_code="1" outcome="failure" wall_time_seconds="T" output_bytes="0" output_lines="0" tty="false"/>`,
    ]);
  });

  it('keeps confinement when the host denies a requested escalation', async () => {
    const outside = temporaryDirectory();
    const { asked, asker } = askerAnswering('deny');
    const { call } = createHarness({ ...confined, pipeline: { asker } });
    const outcome = await call('Bash', escalated(`${outside}/x`));
    expect([outcome.status, outcome.error?.code, asked.length, existsSync(`${outside}/x`)]).toEqual(
      ['error', 'denied', 1, false],
    );
  });

  it('runs unconfined only after the asker approves, and discloses it', async () => {
    const outside = temporaryDirectory();
    const { asked, asker } = askerAnswering('allow-once');
    const { call } = createHarness({ ...confined, pipeline: { asker } });
    const outcome = await call('Bash', escalated(`${outside}/x`));
    expect([
      outcome.status,
      asked.length,
      existsSync(`${outside}/x`),
      String(outcome.result).split('\n\n')[0],
    ]).toEqual([
      'success',
      1,
      true,
      '[sandbox: none; filesystem: unrestricted; network: unrestricted; reason: escalation approved]',
    ]);
  });

  it('grants exactly the approved additional write path while staying confined', async () => {
    const outside = temporaryDirectory();
    const { asker } = askerAnswering('allow-once');
    const { call } = createHarness({ ...confined, pipeline: { asker } });
    const outcome = await call('Bash', {
      command: `touch ${outside}/granted`,
      description: 'write one dir',
      sandbox_permissions: 'with_additional_permissions',
      additional_permissions: { file_system: { write: [outside] } },
      justification: 'writes the report',
    });
    expect([
      outcome.status,
      existsSync(`${outside}/granted`),
      String(outcome.result).split('\n\n')[0],
    ]).toEqual([
      'success',
      true,
      '[sandbox: bubblewrap; filesystem: workspace-write; network: none; additional filesystem: 0 read, 1 write]',
    ]);
  });

  it('refuses an escalation that never passed the permission prompt', async () => {
    const outside = temporaryDirectory();
    const { call } = createHarness({ ...confined, installHooks: false });
    const outcome = await call('Bash', escalated(`${outside}/x`));
    expect([outcome.status, outcome.result, existsSync(`${outside}/x`)]).toEqual([
      'error',
      'Error: require_escalated was not approved by the host; the command did not run.',
      false,
    ]);
  });

  it('refuses a non-default request without a justification even when approved', async () => {
    const { asker } = askerAnswering('allow-once');
    const { call } = createHarness({ ...confined, pipeline: { asker } });
    const outcome = await call('Bash', {
      command: 'true',
      description: 'x',
      sandbox_permissions: 'require_escalated',
    });
    expect([outcome.status, outcome.result]).toEqual([
      'error',
      'Error: require_escalated needs a justification.',
    ]);
  });
});
