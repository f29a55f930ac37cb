import type { Range } from 'web-tree-sitter';
import type { LanguageId } from '../languages.js';
import type { OutlineEntry } from '../outline/types.js';

/** Asks the parse worker to load and warm up a grammar. */
export interface WarmRequest {
  readonly kind: 'warm';
  readonly seq: number;
  readonly language: LanguageId;
}

/** Asks the parse worker for the outline of one range of a text. */
export interface PartRequest {
  readonly kind: 'part';
  readonly seq: number;
  readonly language: LanguageId;
  readonly text: string;
  readonly range: Range;
}

export type WorkerRequest = WarmRequest | PartRequest;

/** The worker's answer: the part's entries, or `null` when it has a syntax error or failed. */
export interface WorkerReply {
  readonly seq: number;
  readonly entries: OutlineEntry[] | null;
}
