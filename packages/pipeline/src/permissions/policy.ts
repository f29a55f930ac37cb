import { compileMatcher, type NameMatcher } from '../matcher.js';
import type { Tool } from '../tool-types.js';
import { normalizePathGlob, type PathBase, pathFormsOf } from './canonical-path.js';
import { compileGlob, escapeGlob } from './glob.js';
import type {
  PermissionDecision,
  PermissionFacts,
  PermissionMode,
  PermissionRule,
  PermissionVerdict,
} from './types.js';

type Specifier = 'path' | 'pattern' | 'domain' | 'name';

interface CompiledRule {
  readonly rule: PermissionRule;
  readonly matchesTool: NameMatcher;
  readonly specifier: Specifier | undefined;
  readonly matchesValue: RegExp | undefined;
  readonly verdict: PermissionVerdict;
}

/** One fact as rules see it: deny rules test `deny`, allow and ask rules test `judge`. */
interface Subject {
  readonly key: Specifier;
  readonly deny: readonly string[];
  readonly judge: readonly string[];
  /** The value a remembered rule names. */
  readonly exact: string;
}

const SPECIFIERS: readonly Specifier[] = ['path', 'pattern', 'domain', 'name'];
const RULE_KEYS = new Set(['tool', ...SPECIFIERS, 'action']);
const FALLBACK = {
  fullAuto: { decision: 'allow', reason: 'full-auto mode' },
  readOnly: { decision: 'allow', reason: 'read-only tool' },
  edits: { decision: 'allow', reason: 'edits mode' },
  askEdits: { decision: 'ask', reason: 'edits mode' },
  ask: { decision: 'ask', reason: 'ask mode' },
  destructive: { decision: 'ask', reason: 'destructive tool' },
} as const satisfies Record<string, PermissionVerdict>;
const STRENGTH: Record<PermissionDecision, number> = { allow: 0, ask: 1, deny: 2 };
const NO_GLOBS: readonly string[] = Object.freeze([]);

function compileRule(rule: PermissionRule): CompiledRule {
  if (typeof rule !== 'object' || rule === null) {
    throw new TypeError(`permission rule: expected an object, received ${typeof rule}`);
  }
  for (const key of Object.keys(rule)) {
    if (!RULE_KEYS.has(key)) throw new TypeError(`permission rule: unknown key \`${key}\``);
  }
  if (rule.action !== 'allow' && rule.action !== 'ask' && rule.action !== 'deny') {
    throw new TypeError(
      `permission rule: action must be allow, ask or deny, received ${rule.action}`,
    );
  }
  const present = SPECIFIERS.filter((key) => rule[key] !== undefined);
  if (present.length > 1) {
    throw new TypeError(`permission rule: one specifier per rule, received ${present.join(', ')}`);
  }
  const specifier = present[0];
  const value = specifier === undefined ? undefined : rule[specifier];
  if (value !== undefined && typeof value !== 'string') {
    throw new TypeError(`permission rule: ${specifier} must be a string glob`);
  }
  const frozen = Object.freeze({ ...rule });
  return {
    rule: frozen,
    verdict: Object.freeze({ decision: rule.action, reason: describe(frozen) }),
    matchesTool: compileMatcher(rule.tool),
    specifier,
    matchesValue:
      value === undefined
        ? undefined
        : specifier === 'path'
          ? compileGlob(normalizePathGlob(value))
          : compileGlob(value, { anySeparator: true }),
  };
}

function isPathDeny(compiled: CompiledRule): boolean {
  return compiled.rule.action === 'deny' && compiled.specifier === 'path';
}

function describe(rule: PermissionRule): string {
  const specifier = SPECIFIERS.find((key) => rule[key] !== undefined);
  const target = specifier === undefined ? '' : ` ${specifier} ${rule[specifier]}`;
  return `${rule.action} rule for ${rule.tool ?? '*'}${target}`;
}

function plainSubject(key: Specifier, value: string): Subject {
  const forms = [value];
  return { key, deny: forms, judge: forms, exact: value };
}

function matchesAny(pattern: RegExp, forms: readonly string[]): boolean {
  for (const form of forms) if (pattern.test(form)) return true;
  return false;
}

/** A compiled set of rules plus a fallback mode; rules added later (allow-always) are kept. */
export class PermissionPolicy {
  readonly #rules: CompiledRule[];
  readonly #mode: PermissionMode;
  /** Denied read globs by tool, replaced whenever a rule is added. */
  #deniedReads = new WeakMap<Pick<Tool, 'name' | 'readOnly'>, readonly string[]>();
  /** Whether any rule denies a path: without one, every call gets the shared empty list. */
  #deniesPaths: boolean;
  /** Whether any rule has a path specifier: without one, paths are not canonicalized. */
  #judgesPaths: boolean;
  readonly #base: PathBase;

  /** @param base where relative paths start; paths are canonicalized against it before rules see them. */
  constructor(rules: readonly PermissionRule[], mode: PermissionMode, base: PathBase) {
    if (mode !== 'ask' && mode !== 'edits' && mode !== 'full-auto') {
      throw new TypeError(`permission mode must be ask, edits or full-auto, received ${mode}`);
    }
    this.#rules = rules.map(compileRule);
    this.#mode = mode;
    this.#base = base;
    this.#deniesPaths = this.#rules.some(isPathDeny);
    this.#judgesPaths = this.#rules.some((compiled) => compiled.specifier === 'path');
  }

  /** Adds a rule, e.g. after an allow-always answer. */
  add(rule: PermissionRule): void {
    const compiled = compileRule(rule);
    this.#rules.push(compiled);
    if (compiled.specifier === 'path') this.#judgesPaths = true;
    if (isPathDeny(compiled)) {
      this.#deniesPaths = true;
      this.#deniedReads = new WeakMap();
    }
  }

  /**
   * The path globs of deny rules that keep files from `tool`'s reads: rules for the tool itself
   * and, for a read-only tool, rules for `Read` (reading rules cover every read-only file tool).
   * Computed once per tool until a rule is added; the array is frozen.
   */
  deniedReadPaths(tool: Pick<Tool, 'name' | 'readOnly'>): readonly string[] {
    if (!this.#deniesPaths) return NO_GLOBS;
    let globs = this.#deniedReads.get(tool);
    if (globs === undefined) {
      const found: string[] = [];
      for (const compiled of this.#rules) {
        const { rule } = compiled;
        if (!isPathDeny(compiled)) continue;
        if (!compiled.matchesTool(tool.name) && !(tool.readOnly && compiled.matchesTool('Read')))
          continue;
        if (!found.includes(rule.path!)) found.push(rule.path!);
      }
      globs = found.length === 0 ? NO_GLOBS : Object.freeze(found);
      this.#deniedReads.set(tool, globs);
    }
    return globs;
  }

  /** A copy of the current rules. */
  rules(): PermissionRule[] {
    return this.#rules.map((compiled) => compiled.rule);
  }

  /**
   * The rules an allow-always (or deny-session) answer adds: exact specifiers from the call's
   * facts, a path in its canonical form so every spelling of the same file meets the rule.
   */
  rememberedRules(
    tool: Tool,
    facts: PermissionFacts,
    action: 'allow' | 'deny' = 'allow',
  ): PermissionRule[] {
    const subjects = this.#subjectsOf(facts, true);
    const exactTool = tool.name.replace(/[|]/g, '');
    if (subjects.length === 0) return [{ tool: exactTool, action }];
    return subjects.map(({ key, exact }) => ({
      tool: exactTool,
      [key]: escapeGlob(exact),
      action,
    }));
  }

  #subjectsOf(facts: PermissionFacts, canonical: boolean): Subject[] {
    const subjects: Subject[] = [];
    for (const entry of facts.paths) {
      if (!canonical) {
        // Without a path rule only the number of paths counts: each meets the generic verdict.
        subjects.push(plainSubject('path', entry.path));
        continue;
      }
      const forms = pathFormsOf(this.#base, entry.path);
      subjects.push({ key: 'path', deny: forms.deny, judge: forms.judge, exact: forms.canonical });
    }
    if (facts.pattern !== undefined) subjects.push(plainSubject('pattern', facts.pattern));
    if (facts.domain !== undefined) subjects.push(plainSubject('domain', facts.domain));
    if (facts.name !== undefined) subjects.push(plainSubject('name', facts.name));
    return subjects;
  }

  /**
   * Decides without prompting: any deny wins, specifier rules beat generic ones, then the mode.
   * A path deny rule matches if it matches the path as written or any canonical form; allow and
   * ask rules see only the canonical forms.
   */
  decide(tool: Tool, facts: PermissionFacts): PermissionVerdict {
    const rules = this.#rules;
    const subjects =
      facts.paths.length === 0 &&
      facts.pattern === undefined &&
      facts.domain === undefined &&
      facts.name === undefined
        ? undefined
        : this.#subjectsOf(facts, this.#judgesPaths);
    let generic: CompiledRule | undefined;
    for (const compiled of rules) {
      if (!compiled.matchesTool(tool.name)) continue;
      if (compiled.specifier === undefined) {
        if (compiled.rule.action === 'deny') return compiled.verdict;
        if (generic === undefined || STRENGTH[compiled.rule.action] > STRENGTH[generic.rule.action])
          generic = compiled;
      } else if (compiled.rule.action === 'deny' && subjects !== undefined) {
        for (const subject of subjects) {
          if (
            subject.key === compiled.specifier &&
            matchesAny(compiled.matchesValue!, subject.deny)
          )
            return compiled.verdict;
        }
      }
    }
    if (subjects === undefined)
      return generic === undefined ? this.#fallback(tool) : generic.verdict;
    let verdict: PermissionVerdict | undefined;
    for (const subject of subjects) {
      let best: CompiledRule | undefined;
      for (const compiled of rules) {
        if (compiled.specifier !== subject.key || !compiled.matchesTool(tool.name)) continue;
        // A deny rule that matched would have decided above: deny forms include these.
        if (compiled.rule.action === 'deny') continue;
        if (!matchesAny(compiled.matchesValue!, subject.judge)) continue;
        if (best === undefined || STRENGTH[compiled.rule.action] > STRENGTH[best.rule.action])
          best = compiled;
      }
      const chosen: PermissionVerdict =
        best !== undefined
          ? best.verdict
          : generic !== undefined
            ? generic.verdict
            : this.#fallback(tool);
      if (verdict === undefined || STRENGTH[chosen.decision] > STRENGTH[verdict.decision])
        verdict = chosen;
    }
    return verdict!;
  }

  #fallback(tool: Tool): PermissionVerdict {
    const mode = this.#mode;
    if (mode === 'full-auto') return FALLBACK.fullAuto;
    // A destructive tool always gets an extra confirmation outside full-auto.
    if (tool.destructive) return FALLBACK.destructive;
    if (tool.readOnly) return FALLBACK.readOnly;
    if (mode === 'edits' && tool.snapshot) return FALLBACK.edits;
    return mode === 'edits' ? FALLBACK.askEdits : FALLBACK.ask;
  }
}
