import type { FileNoteReason } from '../glob/file-note';

/** A batch of files for a search worker to read and match against one regular expression. */
export interface SearchRequest {
  readonly id: number;
  readonly source: string;
  readonly flags: string;
  /** When set, a file containing none of these (ASCII) strings cannot match and is not decoded. */
  readonly literals: readonly string[] | undefined;
  /**
   * Most matches reported for the whole batch: once its files (in path order) have this many, the rest
   * are not searched, since a result ordered by path and cut at this many cannot include them.
   */
  readonly limit: number;
  /** Longest `text` reported for a matching line. */
  readonly maxLineLength: number;
  /** Most bytes read from one file. */
  readonly maxFileBytes: number;
  /** Verify descriptors through `/proc/self/fd` (Linux) rather than by resolving the path again. */
  readonly useProcFd: boolean;
  /** Absolute real paths (no symlinks) of regular files the enumeration found under the root. */
  readonly files: readonly string[];
}

/** One matching line (at most one match is reported per line). */
export interface LineMatch {
  /** 1-based line number. */
  readonly line: number;
  /** 1-based column (UTF-16 code units) where the match starts. */
  readonly column: number;
  /** The line, or a window of it around the match when it is longer than the limit. */
  readonly text: string;
  /** True when `text` is only part of a longer line. */
  readonly textTruncated: boolean;
}

/** What a worker found in one file of a batch (same order as the request's `files`). */
export interface FileOutcome {
  /** `unsearched`: the batch had its limit of matches before this file. */
  readonly kind: 'text' | 'binary' | 'skipped' | 'unsearched';
  readonly matches: readonly LineMatch[];
  /** Why the file was skipped or searched only in part. */
  readonly note?: { readonly reason: FileNoteReason; readonly message: string };
}

export interface SearchResponse {
  readonly id: number;
  readonly outcomes: readonly FileOutcome[];
  /** Set when the worker could not handle the batch at all: the message of what it threw. */
  readonly error?: string;
}
