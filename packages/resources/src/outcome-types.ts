import type { PathRewriter } from './path-rewriter.js';
import type { Result } from './result.js';

/** One entry of a resource listing: a child address, never a backing path. */
export interface ListingEntry {
  readonly address: string;
  readonly kind: 'file' | 'directory' | 'resource';
  /** Root label for multi-root unions (memory) or availability (mcp servers). */
  readonly label?: string;
}

/** A directory-backed search root: the private path a helper searches and the address it stands for. */
export interface SearchRoot {
  /** Private: pass to the helper, never show it; run helper output through the rewriter. */
  readonly backingPath: string;
  readonly address: string;
  readonly label?: string;
}

/** One in-process text view searched by Grep (virtual families). */
export interface ResourceDocument {
  readonly address: string;
  readonly text: string;
}

/** A file an ApplyPatch attempt may read and replace; every call re-checks containment. */
export interface WritableResource {
  readonly address: string;
  /** The current bytes, or undefined when the file does not exist. */
  read(): Promise<Result<Uint8Array | undefined>>;
  /** Atomically replaces (or creates) the file, creating parent directories. */
  write(data: Uint8Array | string, options?: { readonly mode?: number }): Promise<Result<void>>;
  /** Deletes the file. */
  remove(): Promise<Result<void>>;
}

/** What executing an attempt produced. */
export type ResourceOutcome =
  | {
      readonly kind: 'file';
      readonly address: string;
      readonly size: number;
      readonly data: Uint8Array;
      /** Whether Read may interpret the bytes as media (memory rejects media). */
      readonly media: boolean;
    }
  | {
      readonly kind: 'text';
      readonly address: string;
      readonly text: string;
      readonly mimeType?: string;
    }
  | {
      readonly kind: 'listing';
      readonly address: string;
      readonly entries: readonly ListingEntry[];
      readonly truncated: boolean;
    }
  | {
      readonly kind: 'search';
      readonly address: string;
      readonly roots: readonly SearchRoot[];
      /** Glob patterns a helper must restrict itself to (packaged docs: Markdown only). */
      readonly include: readonly string[];
      readonly rewriter: PathRewriter;
    }
  | {
      readonly kind: 'documents';
      readonly address: string;
      readonly documents: readonly ResourceDocument[];
    }
  | { readonly kind: 'writable'; readonly address: string; readonly file: WritableResource };

/** Bounds for one execution. */
export interface ExecuteOptions {
  /** Largest file read into memory, in bytes (default 256 MiB). */
  readonly maxBytes?: number;
  /** Most entries in one listing (default 1000). */
  readonly listLimit?: number;
}
