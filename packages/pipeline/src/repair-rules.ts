import {
  autolinkTarget,
  compileSchema,
  semanticIssue,
  type Validator,
} from './compile-validator.js';
import { isPlainObject, shapeName } from './json.js';
import type { ArgumentSemantics, Tool } from './tool-types.js';

/** The six generic repair rules, in the order they are tried. */
export type RepairRuleId =
  | 'omit-optional-null'
  | 'parse-json-value'
  | 'wrap-array-singleton'
  | 'empty-array-placeholder'
  | 'unwrap-path-autolink'
  | 'clamp-declared-bound';

/** What one property looks like to the rules: its schema, checks and semantics. */
export interface PropertyFacts {
  readonly key: string;
  readonly schema: Record<string, unknown>;
  readonly required: boolean;
  readonly types: readonly string[];
  readonly semantics: ArgumentSemantics | undefined;
  readonly check: Validator;
  /** The same check with numeric bounds removed, so clamping can fix range later. */
  readonly checkIgnoringRange: Validator;
}

/** A rule's proposal: the property's new value (`undefined` = omit it) and a summary. */
export interface RuleProposal {
  readonly value: unknown;
  readonly summary: string;
}

type Rule = (facts: PropertyFacts, value: unknown) => RuleProposal | undefined;

const RANGE_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];

const rules: readonly (readonly [RepairRuleId, Rule])[] = [
  [
    'omit-optional-null',
    (facts, value) =>
      value === null && !facts.required
        ? { value: undefined, summary: `Omitted optional null at \`${facts.key}\`.` }
        : undefined,
  ],
  [
    'parse-json-value',
    (facts, value) => {
      if (typeof value !== 'string' || value.trim() !== value || facts.types.includes('string')) {
        return undefined;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return undefined;
      }
      if (typeof parsed === 'string' || parsed === null) return undefined;
      if (facts.checkIgnoringRange(parsed) !== undefined) return undefined;
      return { value: parsed, summary: `Parsed JSON ${shapeName(parsed)} at \`${facts.key}\`.` };
    },
  ],
  [
    'wrap-array-singleton',
    (facts, value) =>
      facts.types.includes('array') &&
      value !== null &&
      value !== undefined &&
      !Array.isArray(value) &&
      facts.check([value]) === undefined
        ? { value: [value], summary: `Wrapped the singleton at \`${facts.key}\` as an array.` }
        : undefined,
  ],
  [
    'empty-array-placeholder',
    (facts, value) =>
      !facts.required &&
      facts.types.includes('array') &&
      isPlainObject(value) &&
      Object.keys(value).length === 0 &&
      ((facts.schema.minItems as number | undefined) ?? 0) === 0
        ? {
            value: [],
            summary: `Replaced the empty placeholder at \`${facts.key}\` with an array.`,
          }
        : undefined,
  ],
  [
    'unwrap-path-autolink',
    (facts, value) => {
      if (facts.semantics?.kind !== 'path' || typeof value !== 'string') return undefined;
      const target = autolinkTarget(value);
      return target === undefined
        ? undefined
        : { value: target, summary: `Unwrapped the filesystem path at \`${facts.key}\`.` };
    },
  ],
  [
    'clamp-declared-bound',
    (facts, value) => {
      if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
      const { minimum, maximum } = facts.schema;
      let clamped = value;
      if (typeof minimum === 'number' && clamped < minimum) clamped = minimum;
      if (typeof maximum === 'number' && clamped > maximum) clamped = maximum;
      return clamped === value
        ? undefined
        : { value: clamped, summary: `Clamped \`${facts.key}\` to ${clamped}.` };
    },
  ],
];

/** Tries the rules in order on every invalid property; returns the first proposal. */
export function firstApplicableRule(
  properties: readonly PropertyFacts[],
  candidate: Record<string, unknown>,
): { rule: RepairRuleId; facts: PropertyFacts; proposal: RuleProposal } | undefined {
  for (const [rule, apply] of rules) {
    for (const facts of properties) {
      if (!(facts.key in candidate)) continue;
      const value = candidate[facts.key];
      // A property that already satisfies its own schema is never touched.
      if (facts.check(value) === undefined) continue;
      const proposal = apply(facts, value);
      if (proposal !== undefined) return { rule, facts, proposal };
    }
  }
  return undefined;
}

const factsCache = new WeakMap<Tool, readonly PropertyFacts[]>();

/** The per-property facts of a tool, compiled on the first repair and then reused. */
export function propertyFactsOf(tool: Tool): readonly PropertyFacts[] {
  const cached = factsCache.get(tool);
  if (cached !== undefined) return cached;
  const schema = tool.inputSchema as Record<string, unknown>;
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const facts: PropertyFacts[] = [];
  for (const [key, propertySchema] of Object.entries(properties)) {
    if (!isPlainObject(propertySchema)) continue;
    const rangeFree = { ...propertySchema };
    for (const keyword of RANGE_KEYWORDS) delete rangeFree[keyword];
    const type = propertySchema.type;
    const semantics = tool.semantics[key];
    let schemaCheck: Validator;
    let rangeFreeCheck: Validator;
    try {
      schemaCheck = compileSchema(propertySchema);
      rangeFreeCheck = compileSchema(rangeFree);
    } catch {
      // A property schema that only compiles in its root context (e.g. a $ref) is not repaired.
      continue;
    }
    const check: Validator =
      semantics === undefined
        ? schemaCheck
        : (value) =>
            schemaCheck(value) ??
            (typeof value === 'string' && semanticIssue(key, value, semantics) !== undefined
              ? [semanticIssue(key, value, semantics)!]
              : undefined);
    facts.push({
      key,
      schema: propertySchema,
      required: required.includes(key),
      types: typeof type === 'string' ? [type] : Array.isArray(type) ? (type as string[]) : [],
      semantics,
      check,
      checkIgnoringRange: rangeFreeCheck,
    });
  }
  factsCache.set(tool, facts);
  return facts;
}
