import type { Ajv } from 'ajv';
import { ajvClass } from './ajv-class.js';
import { quickCheckOf } from './lazy-validator.js';
import type { ArgumentSemantics, Tool } from './tool-types.js';
import { toIssues, type ValidationIssue } from './validation-issues.js';

/** A precompiled check: `undefined` when the input is valid, else value-free issues. */
export type Validator = (input: unknown) => readonly ValidationIssue[] | undefined;

// Built on first compile, so a process whose inputs all pass the quick check never loads ajv.
// `validateSchema: false` skips compiling the draft-07 meta-schema (about 20 ms at start-up);
// ajv's compile still rejects malformed keywords, and `checkSchema` runs the full meta check.
let ajv: Ajv | undefined;
let metaAjv: Ajv | undefined;
const cache = new WeakMap<Tool, Validator>();

function hotAjv(): Ajv {
  ajv ??= new (ajvClass())({
    allErrors: true,
    strict: false,
    validateFormats: false,
    validateSchema: false,
  });
  return ajv;
}

/** Throws a TypeError unless `schema` is a valid draft-07 JSON Schema (the meta-schema check). */
export function checkSchema(schema: object): void {
  metaAjv ??= new (ajvClass())({ strict: false, validateFormats: false });
  if (metaAjv.validateSchema(schema) !== true) {
    throw new TypeError(`cannot compile input schema: ${metaAjv.errorsText(metaAjv.errors)}`);
  }
}

const RESOURCE_SCHEMES = /^(work|artifact|skill|agent|history|memory|mcp|shared|toolcall):\/\//;
const AUTOLINK = /(^|\/)\[([^\]/]+)\]\(https?:\/\/([^)\s]+)\)$/;

/** Whether the final component of `value` is exactly a Markdown auto-link `[X](http(s)://X)`. */
export function autolinkTarget(value: string): string | undefined {
  const match = AUTOLINK.exec(value);
  if (match === null || match[2] !== match[3]) return undefined;
  return `${value.slice(0, match.index)}${match[1]}${match[2]}`;
}

/** The semantic issue of a path-typed string, if any. */
export function semanticIssue(
  key: string,
  value: string,
  semantics: ArgumentSemantics,
): ValidationIssue | undefined {
  if (semantics.kind === 'path' && RESOURCE_SCHEMES.test(value)) {
    return {
      path: key,
      keyword: 'path',
      message: 'filesystem-only path arguments do not accept resource addresses.',
    };
  }
  if (autolinkTarget(value) !== undefined) {
    return {
      path: key,
      keyword: 'path',
      message: 'expected a raw path; received a Markdown link.',
    };
  }
  return undefined;
}

function compileWithAjv(schema: object): ReturnType<Ajv['compile']> {
  try {
    return hotAjv().compile(schema);
  } catch (cause) {
    throw new TypeError(`cannot compile input schema: ${(cause as Error).message}`);
  }
}

/**
 * The validator of `schema`; throws TypeError when it cannot compile. A schema in the quick
 * check's subset is compiled by ajv only when an input fails the quick check (ajv then names
 * the issues), so valid input never builds ajv; any other schema is compiled here, once.
 */
export function compileSchema(
  schema: object,
  semantics: Readonly<Record<string, ArgumentSemantics>> = {},
): Validator {
  const quick = quickCheckOf(schema);
  let check = quick === undefined ? compileWithAjv(schema) : undefined;
  const semanticKeys = Object.keys(semantics);
  return (input) => {
    let issues: ValidationIssue[] | undefined;
    if (quick === undefined || !quick(input)) {
      check ??= compileWithAjv(schema);
      if (!check(input)) issues = toIssues(check.errors ?? [], input, schema);
    }
    if (semanticKeys.length > 0 && typeof input === 'object' && input !== null) {
      for (const key of semanticKeys) {
        const value = (input as Record<string, unknown>)[key];
        if (typeof value !== 'string') continue;
        const issue = semanticIssue(key, value, semantics[key]!);
        if (issue === undefined) continue;
        if (issues === undefined) issues = [];
        issues.push(issue);
      }
    }
    return issues;
  };
}

/**
 * The tool's validator, compiled on first use and then reused for every call. Registration
 * does not compile (ajv compiling every tool dominated start-up); a schema that cannot
 * compile throws a TypeError naming the tool here, on its first call or on `precompile()`,
 * which (`strict`) also checks the schema against the meta-schema before compiling it.
 */
export function validatorFor(tool: Tool, strict = false): Validator {
  let validator = cache.get(tool);
  if (validator === undefined || strict) {
    try {
      if (strict) checkSchema(tool.inputSchema);
      validator ??= compileSchema(tool.inputSchema, tool.semantics);
    } catch (error) {
      throw new TypeError(`tool ${tool.name}: ${(error as Error).message}`);
    }
    cache.set(tool, validator);
  }
  return validator;
}
