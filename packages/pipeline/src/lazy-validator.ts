/**
 * A quick check proves an input valid without ajv, for schemas written in the common subset
 * of JSON Schema that tool arguments use (types, properties, required, closed objects, string
 * and number bounds, enums, arrays of one item schema, anyOf). It never claims more than ajv
 * would: `true` means ajv accepts the input, `false` only means "ask ajv", which then also
 * explains why. Valid calls, nearly all of them, so never build ajv nor compile a schema.
 */
export type QuickCheck = (input: unknown) => boolean;

// Keywords that do not constrain a value (ajv validates no formats in the pipeline).
const ANNOTATIONS = new Set([
  'description',
  'title',
  'default',
  'examples',
  'format',
  '$comment',
  'readOnly',
  'writeOnly',
  'deprecated',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const TYPE_CHECKS: Readonly<Record<string, QuickCheck>> = {
  string: (value) => typeof value === 'string',
  // Non-finite numbers are left to ajv, whose answer depends on its number options.
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  null: (value) => value === null,
  object: isObject,
  array: (value) => Array.isArray(value),
};

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

const isPrimitive = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

// ajv counts string length in code points, as the string iterator does.
function codePoints(text: string): number {
  if (!/[\uD800-\uDFFF]/.test(text)) return text.length;
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

function allOf(checks: readonly QuickCheck[]): QuickCheck {
  if (checks.length === 0) return () => true;
  if (checks.length === 1) return checks[0]!;
  return (value) => {
    for (const check of checks) if (!check(value)) return false;
    return true;
  };
}

function typeCheck(type: unknown): QuickCheck | undefined {
  const names = typeof type === 'string' ? [type] : type;
  if (!Array.isArray(names) || names.length === 0) return undefined;
  const checks: QuickCheck[] = [];
  for (const name of names) {
    const check = typeof name === 'string' ? TYPE_CHECKS[name] : undefined;
    if (check === undefined) return undefined;
    checks.push(check);
  }
  return checks.length === 1 ? checks[0] : (value) => checks.some((check) => check(value));
}

function boundCheck(keyword: string, bound: unknown): QuickCheck | undefined {
  if (typeof bound !== 'number' || !Number.isFinite(bound)) return undefined;
  const number = (test: (value: number) => boolean): QuickCheck => {
    return (value) => typeof value !== 'number' || test(value);
  };
  switch (keyword) {
    case 'minimum':
      return number((value) => value >= bound);
    case 'maximum':
      return number((value) => value <= bound);
    case 'exclusiveMinimum':
      return number((value) => value > bound);
    default:
      return number((value) => value < bound);
  }
}

function objectChecks(schema: Record<string, unknown>): QuickCheck[] | undefined {
  const checks: QuickCheck[] = [];
  const properties = schema.properties ?? {};
  if (!isObject(properties)) return undefined;
  const known = new Map<string, QuickCheck>();
  for (const [key, property] of Object.entries(properties)) {
    const check = quickCheckOf(property);
    if (check === undefined) return undefined;
    known.set(key, check);
  }
  if (known.size > 0) {
    checks.push((value) => {
      if (!isObject(value)) return true;
      for (const [key, check] of known) {
        const item = value[key];
        if (item !== undefined && !check(item)) return false;
      }
      return true;
    });
  }
  if (schema.required !== undefined) {
    const required = schema.required;
    if (!Array.isArray(required) || !required.every((key) => typeof key === 'string')) {
      return undefined;
    }
    checks.push(
      (value) => !isObject(value) || required.every((key: string) => value[key] !== undefined),
    );
  }
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== true) {
    const extra = quickCheckOf(schema.additionalProperties);
    if (extra === undefined) return undefined;
    checks.push((value) => {
      if (!isObject(value)) return true;
      for (const key in value) if (!known.has(key) && !extra(value[key])) return false;
      return true;
    });
  }
  return checks;
}

function keywordCheck(
  keyword: string,
  argument: unknown,
): QuickCheck | 'handled' | 'ignored' | undefined {
  switch (keyword) {
    case 'type':
      return typeCheck(argument);
    case 'properties':
    case 'required':
    case 'additionalProperties':
      return 'handled';
    case 'minLength':
    case 'maxLength': {
      if (!isCount(argument)) return undefined;
      const min = keyword === 'minLength';
      return (value) =>
        typeof value !== 'string' ||
        (min ? codePoints(value) >= argument : codePoints(value) <= argument);
    }
    case 'pattern': {
      if (typeof argument !== 'string') return undefined;
      let pattern: RegExp;
      try {
        pattern = new RegExp(argument, 'u');
      } catch {
        return undefined;
      }
      return (value) => typeof value !== 'string' || pattern.test(value);
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return boundCheck(keyword, argument);
    case 'enum': {
      if (!Array.isArray(argument) || argument.length === 0 || !argument.every(isPrimitive)) {
        return undefined;
      }
      return (value) => argument.some((option) => option === value);
    }
    case 'const':
      return isPrimitive(argument) ? (value) => value === argument : undefined;
    case 'items': {
      if (Array.isArray(argument)) return undefined;
      const item = quickCheckOf(argument);
      if (item === undefined) return undefined;
      return (value) => !Array.isArray(value) || value.every((element) => item(element));
    }
    case 'minItems':
    case 'maxItems': {
      if (!isCount(argument)) return undefined;
      const min = keyword === 'minItems';
      return (value) =>
        !Array.isArray(value) || (min ? value.length >= argument : value.length <= argument);
    }
    case 'anyOf': {
      if (!Array.isArray(argument) || argument.length === 0) return undefined;
      const branches: QuickCheck[] = [];
      for (const branch of argument) {
        const check = quickCheckOf(branch);
        if (check === undefined) return undefined;
        branches.push(check);
      }
      return (value) => branches.some((branch) => branch(value));
    }
    default:
      return ANNOTATIONS.has(keyword) ? 'ignored' : undefined;
  }
}

/**
 * The quick check of `schema`, or `undefined` when it uses anything outside the subset
 * (`$ref`, `$schema`, `oneOf`, tuples, `uniqueItems`, non-primitive enums, …): such schemas
 * are compiled by ajv as before, and so are any a quick check cannot decide.
 */
export function quickCheckOf(schema: unknown): QuickCheck | undefined {
  if (schema === true) return () => true;
  if (schema === false) return () => false;
  if (!isObject(schema)) return undefined;
  const checks: QuickCheck[] = [];
  for (const [keyword, argument] of Object.entries(schema)) {
    const check = keywordCheck(keyword, argument);
    if (check === undefined) return undefined;
    if (typeof check === 'function') checks.push(check);
  }
  if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema) {
    const object = objectChecks(schema);
    if (object === undefined) return undefined;
    checks.push(...object);
  }
  return allOf(checks);
}
