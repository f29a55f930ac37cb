import type { Tool } from '../tool-types.js';
import type { PathBase } from './canonical-path.js';
import { type CompiledRule, compileRule, type Specifier } from './compile-rule.js';
import type { PermissionFileSystem } from './file-system.js';
import { escapeGlob } from './glob.js';
import { pathDenied, pathJudged } from './path-match.js';
import { currentPlanMode, type PlanModeSource, planDenial } from './plan-mode.js';
import { type PathScope, pathScopeOf } from './read-scope.js';
import { type ResolvedPath, resolvePath } from './resolved-path.js';
import { isDynamic, quoteSegment, segmentAllowed, segmentMatches } from './segment-rules.js';
import type {
  CommandSegment,
  PermissionDecision,
  PermissionFacts,
  PermissionMode,
  PermissionRule,
  PermissionVerdict,
} from './types.js';

/** One fact as rules see it: deny rules test `deny`, allow and ask rules test `judge`. */
interface Subject {
  readonly key: Specifier;
  readonly deny: readonly string[];
  readonly judge: readonly string[];
  /** The value a remembered rule names. */
  readonly exact: string;
  /** A path resolved the way the tool opens it (when path rules or the scope judge paths). */
  readonly resolved?: ResolvedPath;
  readonly access?: 'read' | 'write';
}

/** What a policy reads beyond its rules and mode. */
export interface PolicySettings {
  /** Resolves symbolic links and identifies hard links; without it paths are resolved lexically. */
  readonly fileSystem?: PermissionFileSystem | undefined;
  /**
   * Directories besides the workspace (`base.workspace`) that reads may reach without a
   * question; absolute, or relative to the working directory, or `~/…`.
   */
  readonly readRoots?: readonly string[] | undefined;
  /** The planning state, read on every decision: while planning only read-only calls pass. */
  readonly planMode?: PlanModeSource | undefined;
}

// Frozen and shared, so a call's provenance record is shared too.
const FALLBACK = Object.freeze({
  fullAuto: Object.freeze({ decision: 'allow', reason: 'full-auto mode', source: 'mode' }),
  readOnly: Object.freeze({ decision: 'allow', reason: 'read-only tool', source: 'mode' }),
  edits: Object.freeze({ decision: 'allow', reason: 'edits mode', source: 'mode' }),
  askEdits: Object.freeze({ decision: 'ask', reason: 'edits mode', source: 'mode' }),
  ask: Object.freeze({ decision: 'ask', reason: 'ask mode', source: 'mode' }),
  destructive: Object.freeze({ decision: 'ask', reason: 'destructive tool', source: 'mode' }),
  network: Object.freeze({
    decision: 'ask',
    reason: 'network tool: it sends data to hosts outside this machine',
    source: 'mode',
  }),
} as const satisfies Record<string, PermissionVerdict>);
const STRENGTH: Record<PermissionDecision, number> = { allow: 0, ask: 1, deny: 2 };
const NO_GLOBS: readonly string[] = Object.freeze([]);

function isPathDeny(compiled: CompiledRule): boolean {
  return compiled.rule.action === 'deny' && compiled.specifier === 'path';
}

function homeGlob(glob: string, base: PathBase): string {
  const home = base.homeDirectory === '/' ? '' : base.homeDirectory;
  return `${home}${glob.trim().replace(/^~/, '')}` || '/';
}

function plainSubject(key: Specifier, value: string): Subject {
  const forms = [value];
  return { key, deny: forms, judge: forms, exact: value };
}

function matchesAny(pattern: RegExp, forms: readonly string[]): boolean {
  for (const form of forms) if (pattern.test(form)) return true;
  return false;
}

function stronger(a: PermissionVerdict | undefined, b: PermissionVerdict): PermissionVerdict {
  return a === undefined || STRENGTH[b.decision] > STRENGTH[a.decision] ? b : a;
}

function withSegment(
  verdict: PermissionVerdict,
  segment: CommandSegment,
  reason: string = `${verdict.reason} (segment ${quoteSegment(segment)})`,
): PermissionVerdict {
  return { ...verdict, reason, segment };
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
  readonly #fs: PermissionFileSystem | undefined;
  /** The workspace scope, when the base names a workspace. */
  readonly #scope: PathScope | undefined;
  /** The workspace's real path, so relative rules meet it under either name. */
  readonly #realRoot: string | undefined;
  readonly #planMode: PlanModeSource | undefined;

  /** @param base where relative paths start; paths are canonicalized against it before rules see them. */
  constructor(
    rules: readonly PermissionRule[],
    mode: PermissionMode,
    base: PathBase,
    settings: PolicySettings = {},
  ) {
    if (mode !== 'ask' && mode !== 'edits' && mode !== 'full-auto') {
      throw new TypeError(`permission mode must be ask, edits or full-auto, received ${mode}`);
    }
    this.#rules = rules.map((rule) => compileRule(rule, base));
    this.#mode = mode;
    this.#base = base;
    this.#fs = settings.fileSystem;
    this.#planMode = settings.planMode;
    this.#scope = pathScopeOf(base, settings.readRoots ?? [], this.#fs);
    this.#realRoot = this.#fs?.realpath(base.workspace ?? base.workingDirectory);
    this.#deniesPaths = this.#rules.some(isPathDeny);
    this.#judgesPaths = this.#rules.some((compiled) => compiled.specifier === 'path');
  }

  /** Adds a rule, e.g. after an allow-always answer. */
  add(rule: PermissionRule): void {
    const compiled = compileRule(rule, this.#base);
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
        // A `~` glob also as the absolute glob it stands for: handlers see absolute paths.
        const anchored =
          compiled.pathKind === 'home' ? homeGlob(rule.path!, this.#base) : undefined;
        if (anchored !== undefined && !found.includes(anchored)) found.push(anchored);
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
   * facts, a path in its canonical form so every spelling of the same file meets the rule. A
   * shell command's allow gets one exact rule per segment that is not read-only (a segment
   * that cannot be judged gets none: no rule could allow it).
   */
  rememberedRules(
    tool: Tool,
    facts: PermissionFacts,
    action: 'allow' | 'deny' = 'allow',
  ): PermissionRule[] {
    const exactTool = tool.name.replace(/[|]/g, '');
    const commands = facts.commands;
    const subjects = this.#subjectsOf(facts, true, action === 'allow' && commands !== undefined);
    const remembered: PermissionRule[] = subjects.map(({ key, exact }) => ({
      tool: exactTool,
      [key]: escapeGlob(exact),
      action,
    }));
    if (action === 'allow' && commands !== undefined) {
      const seen = new Set<string>();
      for (const segment of commands) {
        if (segment.readOnly || isDynamic(segment) || seen.has(segment.command!)) continue;
        seen.add(segment.command!);
        remembered.push({ tool: exactTool, pattern: escapeGlob(segment.command!), action });
      }
      return remembered;
    }
    return remembered.length === 0 ? [{ tool: exactTool, action }] : remembered;
  }

  #subjectsOf(facts: PermissionFacts, canonical: boolean, withoutPattern = false): Subject[] {
    const subjects: Subject[] = [];
    for (const entry of facts.paths) {
      if (!canonical) {
        // Without a path rule only the number of paths counts: each meets the generic verdict.
        subjects.push(plainSubject('path', entry.path));
        continue;
      }
      const resolved = resolvePath(this.#base, entry.path, this.#fs, this.#realRoot);
      subjects.push({
        key: 'path',
        deny: resolved.deny,
        judge: resolved.absolute,
        exact: resolved.canonical,
        resolved,
        access: entry.access,
      });
    }
    if (facts.pattern !== undefined && !withoutPattern)
      subjects.push(plainSubject('pattern', facts.pattern));
    if (facts.domain !== undefined) subjects.push(plainSubject('domain', facts.domain));
    if (facts.name !== undefined) subjects.push(plainSubject('name', facts.name));
    return subjects;
  }

  #applies(compiled: CompiledRule, tool: Tool): boolean {
    return (
      compiled.matchesTool(tool.name) ||
      (tool.permission.shell === true && compiled.matchesTool('Bash'))
    );
  }

  /**
   * Decides without prompting: any deny wins, specifier rules beat generic ones, then the mode.
   * A path deny rule matches if it matches the path as written or any canonical form; allow and
   * ask rules see only the canonical forms. A call with `commands` facts is judged per segment
   * (docs/permissions.md); plan mode denies what could change things; a `mustAsk` fact lifts
   * an allow to ask.
   */
  decide(tool: Tool, facts: PermissionFacts): PermissionVerdict {
    const verdict = this.#decideRules(tool, facts);
    if (verdict.decision === 'deny') return verdict;
    if (this.#planMode !== undefined) {
      const denial = planDenial(currentPlanMode(this.#planMode), tool, facts);
      if (denial !== undefined) return denial;
    }
    if (facts.mustAsk !== undefined && verdict.decision === 'allow') {
      return { decision: 'ask', reason: facts.mustAsk, source: 'must-ask' };
    }
    return verdict;
  }

  #decideRules(tool: Tool, facts: PermissionFacts): PermissionVerdict {
    const rules = this.#rules;
    const commands = facts.commands;
    const subjects =
      facts.paths.length === 0 &&
      (facts.pattern === undefined || commands !== undefined) &&
      facts.domain === undefined &&
      facts.name === undefined
        ? undefined
        : this.#subjectsOf(
            facts,
            this.#judgesPaths || this.#scope !== undefined,
            commands !== undefined,
          );
    let generic: CompiledRule | undefined;
    // Whether a deny or ask pattern rule applies: then an opaque segment could hide its target.
    let restrictive = false;
    for (const compiled of rules) {
      if (!this.#applies(compiled, tool)) continue;
      if (compiled.specifier === undefined) {
        if (compiled.rule.action === 'deny') return compiled.verdict;
        if (generic === undefined || STRENGTH[compiled.rule.action] > STRENGTH[generic.rule.action])
          generic = compiled;
        continue;
      }
      if (compiled.specifier === 'pattern' && compiled.rule.action !== 'allow') restrictive = true;
      if (compiled.rule.action !== 'deny') continue;
      if (subjects !== undefined) {
        for (const subject of subjects) {
          if (subject.key !== compiled.specifier) continue;
          if (
            subject.resolved !== undefined
              ? pathDenied(compiled, subject.resolved, this.#fs)
              : matchesAny(compiled.matchesValue!, subject.deny)
          )
            return compiled.verdict;
        }
      }
      if (commands !== undefined && compiled.specifier === 'pattern') {
        for (const segment of commands) {
          if (segmentMatches(compiled.matchesValue!, compiled.firstWord!, segment))
            return withSegment(compiled.verdict, segment);
        }
        if (facts.pattern !== undefined && compiled.matchesValue!.test(facts.pattern))
          return compiled.verdict;
      }
    }
    let verdict: PermissionVerdict | undefined;
    if (commands !== undefined) {
      for (const segment of commands) {
        verdict = stronger(verdict, this.#decideSegment(tool, segment, generic, restrictive));
      }
    }
    if (subjects === undefined) {
      if (verdict !== undefined) return verdict;
      return generic === undefined ? this.#fallback(tool) : generic.verdict;
    }
    for (const subject of subjects) {
      let best: CompiledRule | undefined;
      for (const compiled of rules) {
        if (compiled.specifier !== subject.key || !this.#applies(compiled, tool)) continue;
        // A deny rule that matched would have decided above: deny forms include these.
        if (compiled.rule.action === 'deny') continue;
        if (
          subject.resolved !== undefined
            ? !pathJudged(compiled, subject.resolved)
            : !matchesAny(compiled.matchesValue!, subject.judge)
        )
          continue;
        if (best === undefined || STRENGTH[compiled.rule.action] > STRENGTH[best.rule.action])
          best = compiled;
      }
      let chosen =
        best !== undefined
          ? best.verdict
          : generic !== undefined
            ? generic.verdict
            : this.#fallback(tool);
      if (chosen.decision === 'allow' && best === undefined) chosen = this.#scoped(subject, chosen);
      verdict = stronger(verdict, chosen);
    }
    return verdict!;
  }

  /**
   * The scope's verdict for a path no path rule allowed: outside the workspace (and, for a
   * read, every read root) it asks, except in full-auto mode.
   */
  #scoped(subject: Subject, verdict: PermissionVerdict): PermissionVerdict {
    const { resolved, access } = subject;
    if (
      this.#scope === undefined ||
      resolved === undefined ||
      this.#mode === 'full-auto' ||
      this.#scope.contains(resolved, access ?? 'write')
    ) {
      return verdict;
    }
    const where = access === 'read' ? 'the workspace and every read root' : 'the workspace';
    const shown = resolved.real[0] ?? resolved.absolute[0]!;
    const also = shown === resolved.written ? '' : ` (${shown})`;
    return {
      decision: 'ask',
      reason: `${access === 'read' ? 'read of' : 'write to'} \`${resolved.written}\`${also} is outside ${where}`,
      source: 'scope',
    };
  }

  /** One segment's verdict once no deny rule matched it (docs/permissions.md, "Commands"). */
  #decideSegment(
    tool: Tool,
    segment: CommandSegment,
    generic: CompiledRule | undefined,
    restrictive: boolean,
  ): PermissionVerdict {
    let best: CompiledRule | undefined;
    for (const compiled of this.#rules) {
      if (compiled.specifier !== 'pattern' || !this.#applies(compiled, tool)) continue;
      const { action } = compiled.rule;
      if (action === 'ask') {
        if (segmentMatches(compiled.matchesValue!, compiled.firstWord!, segment)) {
          best = compiled;
          break;
        }
      } else if (
        action === 'allow' &&
        best === undefined &&
        segmentAllowed(compiled.matchesValue!, segment)
      ) {
        best = compiled;
      }
    }
    if (best !== undefined) return withSegment(best.verdict, segment);
    const quoted = quoteSegment(segment);
    // The analyzer proves read-only only what is safe whatever its dynamic words hold
    // (`cat $f`, `echo "$(…)"`, whose substitution is a segment of its own).
    if (segment.readOnly && segment.opaque === undefined && generic?.rule.action !== 'ask') {
      return {
        decision: 'allow',
        reason: `segment ${quoted} is read-only`,
        source: 'mode',
        segment,
      };
    }
    if (isDynamic(segment)) {
      if (this.#mode === 'full-auto' && !restrictive && generic?.rule.action !== 'ask') {
        return withSegment(FALLBACK.fullAuto, segment);
      }
      const why = segment.opaque ?? 'its arguments are only known when it runs';
      return {
        decision: 'ask',
        reason: `segment ${quoted} cannot be judged by rules: ${why}`,
        source: 'mode',
        segment,
      };
    }
    const base = generic !== undefined ? generic.verdict : this.#fallback(tool);
    if (base.decision === 'allow') return withSegment(base, segment);
    return withSegment(
      base,
      segment,
      `segment ${quoted} is not allowed by any rule (${base.reason})`,
    );
  }

  #fallback(tool: Tool): PermissionVerdict {
    const mode = this.#mode;
    if (mode === 'full-auto') return FALLBACK.fullAuto;
    // A destructive tool always gets an extra confirmation outside full-auto; one that reaches
    // the open world (MCP's `openWorldHint`) is asked about as what it is.
    if (tool.destructive) {
      return tool.annotations?.openWorldHint ? FALLBACK.network : FALLBACK.destructive;
    }
    if (tool.readOnly) return FALLBACK.readOnly;
    if (mode === 'edits' && tool.snapshot) return FALLBACK.edits;
    return mode === 'edits' ? FALLBACK.askEdits : FALLBACK.ask;
  }
}
