/** One offered choice; `sample` is shown beside it and repeated in the answer when chosen. */
export interface AskOption {
  readonly label: string;
  readonly description?: string | undefined;
  readonly sample?: string | undefined;
}

/** One question as the host shows it, with labels already trimmed. */
export interface AskQuestion {
  readonly question: string;
  readonly header?: string | undefined;
  readonly options: readonly AskOption[];
  readonly multiSelect: boolean;
}

/** The user's answer to one question: chosen labels (trimmed) and an optional custom text. */
export interface AskAnswer {
  readonly selected: readonly string[];
  readonly custom?: string | undefined;
}

/** What the host returns: every answer in question order (undefined = unanswered), or a cancel. */
export type AskResponse =
  | { readonly status: 'submitted'; readonly answers: readonly (AskAnswer | undefined)[] }
  | { readonly status: 'cancelled' };

/** What the host receives: the questions, the call id and a signal that aborts with the call. */
export interface AskRequest {
  readonly questions: readonly AskQuestion[];
  readonly toolUseId: string;
  readonly signal: AbortSignal;
}

/** The host interface that shows a questionnaire to the user and settles with the answers. */
export type AskUser = (request: AskRequest) => Promise<AskResponse>;
