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
}

/** Where a candidate node sits. */
export interface Scope {
  readonly inFunction: boolean;
  readonly nested: boolean;
}

/** A language's outline rules: which nodes to enter and which are definitions. */
export interface OutlineRules {
  /** Node types whose children are visited (definitions are always entered). */
  readonly descend: ReadonlySet<string>;
  /** Node types handed to `describe`. */
  readonly candidates: ReadonlySet<string>;
  describe(node: Node, scope: Scope): Definition | undefined;
}
