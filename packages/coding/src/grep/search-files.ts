import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { enumerateFiles } from '../glob/enumerate-files';
import { type FileNote, firstNotes, unlistableNote } from '../glob/file-note';
import { hasProcFd } from '../jail/open-verified';
import { raceHooks } from '../jail/race-hooks';
import type { CallBudget } from '../tools/call-budget';
import type { LineMatch } from './protocol';
import { requiredLiterals } from './required-literals';
import { releaseSearchWorkers, type SearchWorker, waitForSearchWorkers } from './search-worker-pool';

/** One matching line. */
export interface GrepMatch {
  /** Root-relative path of the file. */
  readonly path: string;
  /** 1-based line number. */
  readonly line: number;
  /** 1-based column where the match starts. */
  readonly column: number;
  /** The matching line (a window of it around the match when the line is very long). */
  readonly text: string;
  /** Present (true) when `text` is only part of a longer line. */
  readonly textTruncated?: true;
}

/** What `grep` returns. */
export interface GrepResult {
  /** Matching lines, ordered by path then line; at most `maxMatches`. */
  readonly matches: readonly GrepMatch[];
  /** True when a cap was hit: more matches than `maxMatches`, or a file larger than `maxFileBytes`. */
  readonly truncated: boolean;
  readonly truncatedReason?: 'maxMatches' | 'maxFileBytes';
  /** Text files searched. */
  readonly filesSearched: number;
  /** Files skipped because they look binary (a NUL byte in their first 8,000 bytes). */
  readonly binaryFiles: number;
  /**
   * Files skipped or searched only in part, directories that could not be listed, ignore files that apply
   * only in part (at most 50).
   */
  readonly notes: readonly FileNote[];
}

export interface SearchOptions {
  /** Real path of the root. */
  readonly root: string;
  readonly regexp: RegExp;
  /** Normalized glob pattern selecting the files. */
  readonly glob: string;
  readonly maxMatches: number;
  readonly maxFileBytes: number;
  /** Skip what git ignores (see `enumerateFiles`; default false). */
  readonly respectIgnoreFiles?: boolean;
  readonly budget: CallBudget;
}

const BATCH_FILES = 64;
const MAX_WORKERS = 4;
const MAX_LINE_LENGTH = 400;

async function listFiles(options: SearchOptions, note: (entry: FileNote) => void): Promise<string[]> {
  const paths: string[] = [];
  for await (const path of enumerateFiles({
    root: options.root,
    pattern: options.glob,
    onError: (directory, error) => note(unlistableNote(directory, error)),
    onNote: note,
    check: () => options.budget.check(),
    respectIgnoreFiles: options.respectIgnoreFiles === true,
  })) {
    paths.push(path);
    if ((paths.length & 1023) === 0) options.budget.check();
  }
  return paths.sort();
}

/**
 * Searches the files under the root: enumerated on this thread and sorted, then read and matched in batches
 * by worker threads, which are terminated if the budget runs out. Batches go out in path order and no new
 * batch starts once more than `maxMatches` matches are known, so the result is the same on every run.
 */
export async function searchFiles(options: SearchOptions): Promise<GrepResult> {
  const { budget, maxMatches } = options;
  const notes: FileNote[] = [];
  const note = (entry: FileNote) => {
    notes.push(entry);
  };
  const paths = await listFiles(options, note);
  budget.check();
  raceHooks.beforeSearch?.(paths);

  const batches = Math.ceil(paths.length / BATCH_FILES);
  const workers = await waitForSearchWorkers(
    Math.min(batches, MAX_WORKERS, Math.max(1, availableParallelism())),
    budget,
  );
  const stopWatchdog = budget.onExpire(() => {
    for (const worker of workers) void worker.terminate();
  });
  const matchesByFile = new Map<number, readonly LineMatch[]>();
  const counts = { found: 0, searched: 0, binary: 0, cut: 0 };
  let next = 0;
  const useProcFd = hasProcFd();
  const literals = requiredLiterals(options.regexp.source, options.regexp.flags);

  const drive = async (worker: SearchWorker) => {
    while (next < paths.length && counts.found <= maxMatches) {
      budget.check();
      const start = next;
      next = Math.min(paths.length, start + BATCH_FILES);
      const files = paths.slice(start, next).map((path) => join(options.root, path));
      const outcomes = await worker.search({
        source: options.regexp.source,
        flags: options.regexp.flags,
        literals,
        limit: maxMatches + 1,
        maxLineLength: MAX_LINE_LENGTH,
        maxFileBytes: options.maxFileBytes,
        useProcFd,
        files,
      });
      outcomes.forEach((outcome, offset) => {
        const index = start + offset;
        if (outcome.kind === 'binary') counts.binary++;
        if (outcome.kind === 'text') counts.searched++;
        if (outcome.note !== undefined) note({ path: paths[index] as string, ...outcome.note });
        if (outcome.note?.reason === 'too-large') counts.cut++;
        if (outcome.matches.length > 0) {
          matchesByFile.set(index, outcome.matches);
          counts.found += outcome.matches.length;
        }
      });
    }
  };

  let healthy = false;
  try {
    await Promise.all(workers.map(drive));
    healthy = true;
  } catch (error) {
    budget.check();
    throw error;
  } finally {
    stopWatchdog();
    // A timed-out or failed search returns only once its threads have stopped: none of them may go on
    // burning CPU in a runaway match after the caller has its result.
    if (healthy) releaseSearchWorkers(workers);
    else await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return collect(paths, matchesByFile, counts, notes, maxMatches);
}

function collect(
  paths: readonly string[],
  matchesByFile: ReadonlyMap<number, readonly LineMatch[]>,
  counts: {
    readonly found: number;
    readonly searched: number;
    readonly binary: number;
    readonly cut: number;
  },
  notes: FileNote[],
  maxMatches: number,
): GrepResult {
  const matches: GrepMatch[] = [];
  const indexes = [...matchesByFile.keys()].sort((a, b) => a - b);
  for (const index of indexes) {
    const path = paths[index] as string;
    for (const { textTruncated, ...match } of matchesByFile.get(index) ?? []) {
      if (matches.length === maxMatches) break;
      matches.push(textTruncated ? { path, ...match, textTruncated } : { path, ...match });
    }
  }
  const truncatedReason =
    counts.found > maxMatches ? 'maxMatches' : counts.cut > 0 ? 'maxFileBytes' : undefined;
  return {
    matches,
    truncated: truncatedReason !== undefined,
    ...(truncatedReason === undefined ? {} : { truncatedReason }),
    filesSearched: counts.searched,
    binaryFiles: counts.binary,
    notes: firstNotes(notes),
  };
}
