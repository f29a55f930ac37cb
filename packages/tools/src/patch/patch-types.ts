/** One line of an update hunk body: context (` `), removal (`-`) or addition (`+`). */
export interface BodyLine {
  readonly kind: ' ' | '-' | '+';
  readonly text: string;
}

/** One hunk of an Update File operation. */
export interface Hunk {
  /** `@@ N`: the 1-based line of the hunk's first line in the last Read. */
  readonly hint: number | undefined;
  /** `@@ TEXT`: a line (or line prefix) above the hunk. */
  readonly anchor: string | undefined;
  readonly lines: readonly BodyLine[];
  /** `*** End of File` pins the hunk to the end of the file. */
  readonly endOfFile: boolean;
}

/** One parsed operation of a patch. */
export type PatchOperation =
  | { readonly type: 'add'; readonly path: string; readonly content: string }
  | { readonly type: 'delete'; readonly path: string }
  | {
      readonly type: 'update';
      readonly path: string;
      readonly moveTo: string | undefined;
      readonly hunks: readonly Hunk[];
    };
