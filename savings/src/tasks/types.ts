/** One tool call a model writes: the tool's name and the arguments it fills in. */
export interface PlannedCall {
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
}

/** What a plan has seen so far: `seen[turn][call]` is the model-visible text of each result. */
export type Seen = readonly (readonly string[])[];

/** An answer as the tasks compare them: JSON data. */
export type Answer =
  | string
  | number
  | boolean
  | null
  | readonly Answer[]
  | { readonly [key: string]: Answer };

/**
 * A reference solution: its model turns, each computing its calls (issued together, as a model
 * issues parallel calls in one turn) from what earlier turns returned, then the answer the model
 * gives from those results alone.
 */
export interface Plan {
  readonly turns: readonly ((seen: Seen) => readonly PlannedCall[])[];
  readonly answer: (seen: Seen) => Answer;
}

/** What a plan may know before it calls anything: the workspace it runs in and the web origin. */
export interface TaskContext {
  /** The workspace root (absolute), as a model's cwd. */
  readonly workspace: string;
  /** The fixture site's origin, `http://127.0.0.1:PORT`. */
  readonly origin: string;
}

/** One agent task with its two reference solutions. */
export interface Task {
  readonly id: string;
  /** The request as a person would type it. */
  readonly prompt: string;
  /** Whether the plans change the workspace (each arm then gets its own copy). */
  readonly mutates?: boolean;
  /** The sequence of ordinary tool calls a careful model makes. */
  direct(context: TaskContext): Plan;
  /** One or a few ToolCall scripts. */
  toolcall(context: TaskContext): Plan;
}
