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

  it('dispatches a denied call to the error renderer and an interrupted one to success', () => {
    expect([
      dispatchStatus({ id: '1', tool: 'T', result: 'Error: Permission denied.', status: 'denied' }),
      dispatchStatus({ id: '1', tool: 'T', result: 'x', renderData: { status: 'denied' } }),
      dispatchStatus({ id: '1', tool: 'T', result: 'x', status: 'interrupted' }),
    ]).toEqual(['error', 'error', 'success']);
  });
});

describe('explicitStatus', () => {
  it('ignores render-data status values that are not statuses', () => {
    expect(explicitStatus({ id: '1', tool: 'T', renderData: { status: 'weird' } })).toBeUndefined();
  });

  it('reads denied and interrupted from render data', () => {
    expect([
      explicitStatus({ id: '1', tool: 'T', renderData: { status: 'denied' } }),
      explicitStatus({ id: '1', tool: 'T', renderData: { status: 'interrupted' } }),
    ]).toEqual(['denied', 'interrupted']);
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

  it('lets an explicit denial win like an error and an interruption override success or error', () => {
    expect([
      mergeStatus('denied', 'error'),
      mergeStatus('denied', 'success'),
      mergeStatus('denied', 'warning'),
      mergeStatus('error', 'denied'),
      mergeStatus('success', 'denied'),
      mergeStatus('interrupted', 'success'),
      mergeStatus('interrupted', 'error'),
      mergeStatus('success', 'interrupted'),
      mergeStatus(undefined, 'denied'),
    ]).toEqual([
      'denied',
      'denied',
      'denied',
      'error',
      'denied',
      'interrupted',
      'interrupted',
      'interrupted',
      'denied',
    ]);
  });
});
