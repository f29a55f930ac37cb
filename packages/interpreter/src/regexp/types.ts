/** One successful match; offsets are UTF-16 code units of the input, `groups[0]` the whole match. */
export type RegexpMatch = {
  start: number;
  end: number;
  groups: Array<[number, number] | undefined>;
};

/** A guest regexp that passed every subset check and runs on the linear-time matcher. */
export interface CompiledRegexp {
  readonly source: string;
  readonly quantifiedAtoms: number;
  /** A conservative bound on the atomic work of one `exec` over an input of this length. */
  estimateWork(inputLength: number): number;
  /** The leftmost match at or after `start`, with Emacs's greedy leftmost-first priority. */
  exec(input: string, start?: number): RegexpMatch | null;
}

/** The outcome of compiling a guest regexp: the compiled form or a message naming the problem. */
export type RegexpCompileResult =
  | { success: true; value: CompiledRegexp }
  | { success: false; error: { message: string } };
