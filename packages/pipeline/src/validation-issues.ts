import type { ErrorObject } from 'ajv';
import { isPlainObject, shapeName } from './json.js';

/** One value-free validation problem: where it is and what is wrong. */
export interface ValidationIssue {
  readonly path: string;
  readonly keyword: string;
  readonly message: string;
}

function pointerToPath(pointer: string): string {
  if (pointer === '') return '(input)';
  let path = '';
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(segment) ? `[${segment}]` : path === '' ? segment : `.${segment}`;
  }
  return path;
}

function valueAt(input: unknown, pointer: string): unknown {
  let current = input;
  if (pointer === '') return current;
  for (const raw of pointer.slice(1).split('/')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

function typeText(schema: unknown): string {
  if (!isPlainObject(schema)) return '';
  const type = schema.type;
  if (typeof type === 'string') return `${type} `;
  if (Array.isArray(type)) return `${type.join(' or ')} `;
  return '';
}

function propertySchema(root: unknown, parentPointer: string, key: string): unknown {
  if (parentPointer !== '' || !isPlainObject(root) || !isPlainObject(root.properties)) {
    return undefined;
  }
  return root.properties[key];
}

function isRequired(root: unknown, pointer: string): boolean {
  if (!isPlainObject(root) || !Array.isArray(root.required)) return false;
  const key = pointer.slice(1);
  return !key.includes('/') && root.required.includes(key);
}

/** Turns ajv errors into value-free issues; a required `null` reads as a missing value. */
export function toIssues(
  errors: readonly ErrorObject[],
  input: unknown,
  rootSchema: unknown,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const add = (pointer: string, keyword: string, message: string) => {
    const path = pointerToPath(pointer);
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    issues.push({ path, keyword, message });
  };
  for (const error of errors) {
    const params = error.params as Record<string, unknown>;
    const at = error.instancePath;
    switch (error.keyword) {
      case 'required': {
        const missing = String(params.missingProperty);
        const schema = propertySchema(rootSchema, at, missing);
        add(`${at}/${missing}`, 'required', `required ${typeText(schema)}value is missing.`);
        break;
      }
      case 'additionalProperties':
        add(`${at}/${String(params.additionalProperty)}`, error.keyword, 'unexpected property.');
        break;
      case 'type': {
        const value = valueAt(input, at);
        if (value === null && isRequired(rootSchema, at)) {
          add(at, 'required', `required ${String(params.type)} value is missing.`);
        } else {
          add(at, 'type', `expected ${String(params.type)}; received ${shapeName(value)}.`);
        }
        break;
      }
      case 'enum': {
        const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v));
        const received = shapeName(valueAt(input, at));
        add(at, 'enum', `expected one of [${allowed.join(', ')}]; received ${received}.`);
        break;
      }
      case 'minItems':
      case 'maxItems': {
        const bound = error.keyword === 'minItems' ? 'at least' : 'at most';
        add(at, error.keyword, `expected ${bound} ${String(params.limit)} items.`);
        break;
      }
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        add(at, error.keyword, `must be ${String(params.comparison)} ${String(params.limit)}.`);
        break;
      default:
        add(at, error.keyword, `does not satisfy \`${error.keyword}\`.`);
    }
  }
  return issues;
}

const ISSUE_LIMIT = 8;

/** The §3 retry text: value-free bullets, bounded to eight. */
export function formatInvalidInput(toolName: string, issues: readonly ValidationIssue[]): string {
  const shown = issues
    .slice(0, ISSUE_LIMIT)
    .map((issue) => `- \`${issue.path}\`: ${issue.message}`);
  if (issues.length > ISSUE_LIMIT) {
    shown.push(`- ${issues.length - ISSUE_LIMIT} additional issues were omitted.`);
  }
  return `${toolName} input is invalid; the tool was not executed.\n\n${shown.join('\n')}\n\nNo tentative repairs were applied.`;
}
