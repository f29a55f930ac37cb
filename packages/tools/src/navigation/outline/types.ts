import type { Node } from 'web-tree-sitter';

/** One outline leaf: its whole-file line, category path and name. */
export interface OutlineEntry {
  readonly line: number;
  readonly path: readonly string[];
  readonly name: string;
}

/** What a language rule says about a definition node. */
export interface Definition {
  /** The top-level category (`Class`, `Function`…); nested entries sit under their parent's name. */
  readonly kind: string | undefined;
  readonly name: string;
  /** Whether the definition opens a function scope, where plain variables are not listed. */
  readonly opensFunction?: boolean;
  /**
   * The one child that can hold nested definitions (a class or function body, a variable's
   * value); `null` when none can. When absent, every child is searched.
   */
  readonly body?: Node | null;
}

/** Where a candidate node sits, and its type (already known to the walk). */
export interface Scope {
  readonly type: string;
  readonly inFunction: boolean;
  readonly nested: boolean;
  /** The node's place among its parent's named children, comments not counted (0-based). */
  readonly index: number;
}

/** A language's outline rules: which nodes to enter and which are definitions. */
export interface OutlineRules {
  /** Node types whose children are visited (definitions are always entered). */
  readonly descend: ReadonlySet<string>;
  /** Node types handed to `describe`. */
  readonly candidates: ReadonlySet<string>;
  describe(node: Node, scope: Scope): Definition | undefined;
}
