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
   * value); `null` when none can. When absent, every child is searched. It must be a child of
   * the definition's node; one of zero width cannot be entered alone, so every child is.
   */
  readonly body?: Node | null;
}

/** The text a tree was parsed from. */
export interface Source {
  readonly text: string;
  /** Whether the tree has no syntax error, so that every node covers text that is there. */
  readonly clean: boolean;
}

/** Where a candidate node sits, and its type (already known to the walk). */
export interface Scope {
  readonly type: string;
  readonly inFunction: boolean;
  readonly nested: boolean;
  /** The node's place among its parent's named children, comments not counted (0-based). */
  readonly index: number;
  readonly source: Source;
}

/**
 * A language's outline rules: which nodes to enter and which are definitions. Only named nodes
 * are visited: a grammar's anonymous nodes are its tokens, which hold no definitions.
 */
export interface OutlineRules {
  /** Node types whose children are visited (definitions are always entered). */
  readonly descend: ReadonlySet<string>;
  /** Node types handed to `describe`. */
  readonly candidates: ReadonlySet<string>;
  describe(node: Node, scope: Scope): Definition | undefined;
  /**
   * Whether the source text of a definition's body, when the definition opens a function (where
   * plain variables are not listed), can hold a definition these rules list: when it says no,
   * the body is not walked, unless its tree has a syntax error (a token the parser made up is
   * not in the text). Absent: every body is walked.
   */
  mayDefineInFunction?(text: string): boolean;
}
