import { RenderError } from './errors.js';
import { type ChildCall, type Rendering, renderStatuses } from './rendering.js';
import type { RenderResult } from './result.js';

const renderingKeys = new Set([
  'header',
  'body',
  'previewBody',
  'bodyMode',
  'status',
  'expandable',
  'hidden',
  'coalesceKey',
  'childCalls',
  'initiallyCollapsed',
]);
const childKeys = new Set(['id', 'tool', 'args', 'result', 'status', 'batch', 'renderData']);
const statusSet: ReadonlySet<unknown> = new Set(renderStatuses);
// Body modes become CSS class names and Emacs mode hints, so keep them to a safe alphabet.
const bodyModePattern = /^[a-z][a-z0-9+-]{0,31}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function checkOptional(
  issues: string[],
  record: Record<string, unknown>,
  key: string,
  expected: string,
  accept: (value: unknown) => boolean,
  path: string,
): void {
  const value = record[key];
  if (value !== undefined && !accept(value)) issues.push(`${path}${key} must be ${expected}`);
}

const isString = (value: unknown): boolean => typeof value === 'string';
const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
const isNonEmptyString = (value: unknown): boolean => typeof value === 'string' && value !== '';

function checkChild(issues: string[], value: unknown, path: string): void {
  if (!isRecord(value)) {
    issues.push(`${path} must be a plain object`);
    return;
  }
  for (const key of Object.keys(value)) {
    if (!childKeys.has(key)) issues.push(`${path}.${key} is not a child-call field`);
  }
  if (!isNonEmptyString(value.id)) issues.push(`${path}.id must be a non-empty string`);
  if (!isNonEmptyString(value.tool)) issues.push(`${path}.tool must be a non-empty string`);
  checkOptional(issues, value, 'status', 'a render status', (v) => statusSet.has(v), `${path}.`);
  checkOptional(issues, value, 'batch', 'a non-empty string', isNonEmptyString, `${path}.`);
  checkOptional(
    issues,
    value,
    'renderData',
    'a plain object or null',
    (v) => v === null || isRecord(v),
    `${path}.`,
  );
}

/** Checks that `value` is a well-formed Rendering and returns a copy holding only its fields. */
export function validateRendering(value: unknown): RenderResult<Rendering> {
  if (!isRecord(value)) {
    return {
      success: false,
      error: new RenderError('invalid-rendering', 'A rendering must be a plain object'),
    };
  }
  const issues: string[] = [];
  for (const key of Object.keys(value)) {
    if (!renderingKeys.has(key)) issues.push(`${key} is not a rendering field`);
  }
  if (typeof value.header !== 'string') issues.push('header must be a string');
  checkOptional(issues, value, 'body', 'a string', isString, '');
  checkOptional(issues, value, 'previewBody', 'a string', isString, '');
  checkOptional(
    issues,
    value,
    'bodyMode',
    'a lowercase mode name',
    (v) => {
      return typeof v === 'string' && bodyModePattern.test(v);
    },
    '',
  );
  checkOptional(
    issues,
    value,
    'status',
    `one of ${renderStatuses.join(', ')}`,
    (v) => {
      return statusSet.has(v);
    },
    '',
  );
  checkOptional(issues, value, 'expandable', 'a boolean', isBoolean, '');
  checkOptional(issues, value, 'hidden', 'a boolean', isBoolean, '');
  checkOptional(issues, value, 'initiallyCollapsed', 'a boolean', isBoolean, '');
  checkOptional(issues, value, 'coalesceKey', 'a non-empty string', isNonEmptyString, '');
  const children = value.childCalls;
  if (children !== undefined) {
    if (Array.isArray(children)) {
      children.forEach((child, index) => {
        checkChild(issues, child, `childCalls[${index}]`);
      });
    } else {
      issues.push('childCalls must be an array');
    }
  }
  if (issues.length > 0) {
    return {
      success: false,
      error: new RenderError('invalid-rendering', `Invalid rendering: ${issues.join('; ')}`),
    };
  }
  const copy: Record<string, unknown> = {};
  for (const key of renderingKeys) {
    if (value[key] !== undefined) copy[key] = value[key];
  }
  if (Array.isArray(children)) copy.childCalls = children.map((child: ChildCall) => ({ ...child }));
  return { success: true, value: copy as unknown as Rendering };
}
