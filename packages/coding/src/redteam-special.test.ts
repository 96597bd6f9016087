import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { makeFifo } from './__fixtures__/special-files';
import { raceWhileSwapping, startSwapper } from './__fixtures__/swapper';
import { createTempTree, type TempTree } from './__fixtures__/temp-tree';
import { createCodingTools } from './create-coding-tools';
import type { GrepResult } from './grep/search-files';
import type { ReadFileResult } from './read/read-window';

// Red-team attacks with files that change under the tools: growing, shrinking, or turning into a FIFO
// between reads. Every answer must be structured, within its caps, and never block.

let tree: TempTree;
let tools: ReturnType<typeof createCodingTools>;

beforeAll(() => {
  tree = createTempTree({ 'grow.txt': 'start\n', 'stable.txt': 'needle\n' });
  makeFifo(join(tree.root, 'fifo-template'));
  // The default budget (30 s): a call that blocked would end in TIMEOUT, which every test here refuses; a
  // short budget would also cut calls that a loaded machine merely runs slowly.
  tools = createCodingTools({ root: tree.root });
});

afterAll(() => tree.remove());

describe('red team: files that change while they are read', () => {
  test('a file growing and shrinking under read-file and grep: caps hold, answers stay structured', async () => {
    const swapper = startSwapper(
      `const big = 'needle line\\n'.repeat(20000);
       fs.writeFileSync(data.path, big);
       fs.truncateSync(data.path, 3);
       fs.appendFileSync(data.path, 'x'.repeat(70000));`,
      { path: join(tree.root, 'grow.txt') },
    );
    const reasons = new Set<string>();
    await raceWhileSwapping(
      swapper,
      async () => {
        for (const args of [{ maxBytes: 1000 }, { offset: 500, limit: 3, maxBytes: 2000 }]) {
          const read = await tools.readFile.execute({
            id: 'r',
            name: 'read-file',
            arguments: { path: 'grow.txt', ...args },
          });
          if (read.error !== undefined) {
            reasons.add(String(read.error.details?.reason ?? read.error.code));
            continue;
          }
          const window = read.result as ReadFileResult;
          expect(Buffer.byteLength(window.content)).toBeLessThanOrEqual(args.maxBytes);
          expect(window.endLine).toBeGreaterThanOrEqual(window.startLine - 1);
        }
        const found = await tools.grep.execute({
          id: 'g',
          name: 'grep',
          arguments: { pattern: 'needle', maxMatches: 50 },
        });
        expect(found.error).toBeUndefined();
        expect((found.result as GrepResult).matches.length).toBeLessThanOrEqual(50);
      },
      { minimumSwaps: 20, minimumAttempts: 10, minimumMs: 50 },
    );
    // Whatever failed, failed for a reason a model can act on.
    for (const reason of reasons) expect(['NOT_FOUND', 'CHANGED_DURING_OPEN']).toContain(reason);
    // Ten rounds or more against a thread swapping the file: seconds on a loaded machine.
  }, 60_000);

  test('a file that turns into a FIFO between reads never blocks a tool', async () => {
    // The path is a regular file, then the FIFO (a hard link to it), then a regular file again.
    const swapper = startSwapper(
      `fs.rmSync(data.file, { force: true });
       fs.linkSync(data.fifo, data.file);
       fs.rmSync(data.file);
       fs.writeFileSync(data.file, 'needle\\n');`,
      { file: join(tree.root, 'turns.txt'), fifo: join(tree.root, 'fifo-template') },
    );
    await raceWhileSwapping(
      swapper,
      async () => {
        const read = await tools.readFile.execute({
          id: 'r',
          name: 'read-file',
          arguments: { path: 'turns.txt' },
        });
        const found = await tools.grep.execute({ id: 'g', name: 'grep', arguments: { pattern: 'needle' } });
        if (read.error !== undefined) {
          expect(['NOT_A_FILE', 'NOT_FOUND', 'CHANGED_DURING_OPEN']).toContain(
            String(read.error.details?.reason),
          );
        }
        expect(found.error).toBeUndefined();
      },
      { minimumSwaps: 20, minimumAttempts: 10, minimumMs: 50 },
    );
    // Longer than the calls' 30 s budget: a call that blocked ends in TIMEOUT and fails the test by name.
  }, 60_000);
});
