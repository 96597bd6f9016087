import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTempTree, type TempTree } from './__fixtures__/temp-tree';
import { createCodingTools } from './create-coding-tools';
import type { GrepMatch, GrepResult } from './grep/search-files';
import {
  acquireSearchWorkers,
  idleSearchThreads,
  liveSearchThreads,
  MAX_SEARCH_THREADS,
  releaseSearchWorkers,
} from './grep/search-worker-pool';
import { raceHooks } from './jail/race-hooks';
import type { ReadFileResult } from './read/read-window';

// Red-team attacks on grep's matching loop: patterns that match the empty string.

let tree: TempTree;
let tools: ReturnType<typeof createCodingTools>;

const files: Record<string, string> = {
  'empty.txt': '',
  'one.txt': 'abc\n',
  'crlf.txt': 'abc\r\ndef\r\n',
  'no-final-newline.txt': 'a\n\nb',
  'blank-lines.txt': '\n\n\n',
};

beforeAll(() => {
  tree = createTempTree(files);
  // Enough files for several batches, so that each call wants more than one thread.
  for (let index = 0; index < 200; index++) tree.file(`many/f${index}.txt`, 'needle\n');
  // The default budget (30 s): these calls are meant to finish, and a loaded machine can take seconds to
  // start their worker threads. What ends a call early here is its own timeout or signal.
  tools = createCodingTools({ root: tree.root });
});

afterAll(() => tree.remove());

async function totalLines(path: string): Promise<number> {
  const read = await tools.readFile.execute({ id: 'r', name: 'read-file', arguments: { path } });
  return (read.result as ReadFileResult).totalLines as number;
}

describe('red team: grep with empty matches', () => {
  test('a pattern matching every line reports each line once, and no line past the last', async () => {
    for (const pattern of ['$', '^', '(?:)', 'x*', '\\b|$', '(?=)', '^$|.']) {
      const found = await tools.grep.execute({ id: 'g', name: 'grep', arguments: { pattern, glob: '*' } });
      const matches = (found.result as GrepResult).matches;
      for (const path of Object.keys(files)) {
        const lines = matches.filter((match) => match.path === path).map((match: GrepMatch) => match.line);
        const expected = Array.from({ length: await totalLines(path) }, (_, index) => index + 1);
        expect({ pattern, path, lines }).toEqual({ pattern, path, lines: expected });
      }
    }
  });
});

describe('red team: many grep calls at once', () => {
  test('concurrent calls share a bounded number of threads and all finish', async () => {
    let peak = 0;
    const sample = () => {
      peak = Math.max(peak, liveSearchThreads());
    };
    raceHooks.beforeSearch = sample;
    // 40 calls queue for 16 threads: on a busy machine the last ones need more than the default budget.
    const { grep } = createCodingTools({ root: tree.root, timeoutMs: 60_000 });
    try {
      const calls = Array.from({ length: 40 }, (_, index) =>
        grep
          .execute({ id: `c${index}`, name: 'grep', arguments: { pattern: 'needle', glob: 'many/*' } })
          .then((result) => {
            sample();
            return result;
          }),
      );
      for (const result of await Promise.all(calls)) {
        expect(result.error).toBeUndefined();
        expect((result.result as GrepResult).matches).toHaveLength(200);
      }
    } finally {
      delete raceHooks.beforeSearch;
    }
    expect(peak).toBeLessThanOrEqual(MAX_SEARCH_THREADS);
  }, 90_000);

  test('a call that waits for a thread keeps to its budget and its signal, then runs when one is free', async () => {
    // Threads terminated by earlier calls may still be exiting: wait until only idle ones are left.
    while (liveSearchThreads() > idleSearchThreads()) await new Promise((resolve) => setTimeout(resolve, 5));
    const held = acquireSearchWorkers(MAX_SEARCH_THREADS);
    expect(held).toHaveLength(MAX_SEARCH_THREADS);
    const args = { pattern: 'needle', glob: 'many/*' };
    try {
      // Every thread stays held until the test hands them back: each call below can only end by its own
      // timeout or signal, never by getting a thread.
      const late = await tools.grep.execute({ id: 't', name: 'grep', arguments: args }, { timeout: 100 });
      expect(late.error?.code).toBe('TIMEOUT');
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const aborted = await tools.grep.execute(
        { id: 'a', name: 'grep', arguments: args },
        { signal: controller.signal },
      );
      expect(aborted.outcome).toBe('cancelled');
      const waiting = tools.grep.execute({ id: 'w', name: 'grep', arguments: args });
      setTimeout(() => releaseSearchWorkers(held.splice(0)), 50);
      expect(((await waiting).result as GrepResult).matches).toHaveLength(200);
    } finally {
      releaseSearchWorkers(held);
    }
  });
});

describe('red team: matches that can never be reported', () => {
  test('a batch stops searching once it has more matches than the call can return, same result', async () => {
    const all = await tools.grep.execute({
      id: 'all',
      name: 'grep',
      arguments: { pattern: 'needle', glob: 'many/*', maxMatches: 10_000 },
    });
    const everything = all.result as GrepResult;
    expect(everything.filesSearched).toBe(200);
    for (let run = 0; run < 3; run++) {
      const capped = await tools.grep.execute({
        id: 'capped',
        name: 'grep',
        arguments: { pattern: 'needle', glob: 'many/*', maxMatches: 5 },
      });
      const result = capped.result as GrepResult;
      expect(result.matches).toEqual(everything.matches.slice(0, 5));
      expect(result).toMatchObject({ truncated: true, truncatedReason: 'maxMatches' });
      // Every batch in flight stops after six matching files, instead of sending all its matches back.
      expect(result.filesSearched).toBeLessThanOrEqual(6 * MAX_SEARCH_THREADS);
      expect(result.filesSearched).toBeLessThan(64);
    }
  });
});
