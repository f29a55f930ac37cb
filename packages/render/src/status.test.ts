import { describe, expect, it } from 'vitest';
import { dispatchStatus, explicitStatus, mergeStatus } from './status.js';

describe('dispatchStatus', () => {
  it('uses the structured status first, then the visible result', () => {
    expect([
      dispatchStatus({ id: '1', tool: 'T', result: 'Error: x', status: 'success' }),
      dispatchStatus({ id: '1', tool: 'T', result: 'fine', renderData: { status: 'error' } }),
      dispatchStatus({ id: '1', tool: 'T', result: 'Error: x' }),
      dispatchStatus({ id: '1', tool: 'T', result: 'no Error: here' }),
      dispatchStatus({ id: '1', tool: 'T', result: 'x', status: 'running' }),
    ]).toEqual(['success', 'error', 'error', 'success', 'success']);
  });
});

describe('explicitStatus', () => {
  it('ignores render-data status values that are not statuses', () => {
    expect(explicitStatus({ id: '1', tool: 'T', renderData: { status: 'weird' } })).toBeUndefined();
  });
});

describe('mergeStatus', () => {
  it('lets explicit errors win and explicit success keep visual warnings and lifecycle states', () => {
    expect([
      mergeStatus('error', 'success'),
      mergeStatus('error', 'warning'),
      mergeStatus('success', 'error'),
      mergeStatus('success', 'warning'),
      mergeStatus('success', 'running'),
      mergeStatus('success', 'cancelled'),
      mergeStatus('running', 'success'),
      mergeStatus(undefined, 'error'),
      mergeStatus(undefined, 'warning'),
    ]).toEqual([
      'error',
      'error',
      'success',
      'warning',
      'running',
      'cancelled',
      'running',
      'error',
      'warning',
    ]);
  });
});
