import { describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuiltModules, createConsumer, repositoryRoot } from './consumer';
import { firstToolsList, messages } from './mcp';
import { median, type ProcessRun, pairedRounds, runProcess, summarizePair } from './measure';

const run = (wallMs: number, userMs: number, sysMs = 0, rssMiB = 10): ProcessRun => ({
  wallMs,
  userMs,
  sysMs,
  rssMiB,
});

describe('start-up bench: measurements', () => {
  test('median of odd and even counts; NaN for none', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  test('paired rounds alternate which side runs first', async () => {
    const order: string[] = [];
    const pair = await pairedRounds(
      4,
      async () => order.push('zod'),
      async () => order.push('armorer'),
    );
    expect(order).toEqual(['zod', 'armorer', 'armorer', 'zod', 'zod', 'armorer', 'armorer', 'zod']);
    expect(pair.baseline).toHaveLength(4);
    expect(pair.contender).toHaveLength(4);
  });

  test('a pair summary takes medians of each side and of the per-round differences', () => {
    const summary = summarizePair({
      baseline: [run(10, 8, 1), run(30, 20, 2), run(12, 9, 1)],
      contender: [run(15, 12, 1), run(31, 22, 2), run(20, 15, 1)],
    });
    expect(summary.baselineWallMs).toBe(12);
    expect(summary.contenderWallMs).toBe(20);
    // Differences per round: 5, 1, 8 (wall); 4, 2, 6 (CPU).
    expect(summary.deltaWallMs).toBe(5);
    expect(summary.deltaCpuMs).toBe(4);
    expect(summary.rounds).toBe(3);
  });

  test('a process that fails is an error naming its command, not a figure', async () => {
    await expect(
      runProcess({ command: [process.execPath, '-e', 'process.exit(3)'], cwd: tmpdir() }),
    ).rejects.toThrow(/exited with 3/);
  });

  test('JSON-RPC messages are split on newlines across chunks', async () => {
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of ['{"id":1,', '"result":{}}\n\n{"id"', ':2}\n'])
          controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    const seen: unknown[] = [];
    for await (const message of messages(stream)) seen.push(message.id);
    expect(seen).toEqual([1, 2]);
  });
});

describe('start-up bench: what it runs', () => {
  test('only built modules count: a source file or no armorer module at all is refused', () => {
    const dist = join(repositoryRoot, 'packages', 'core', 'dist', 'index.js');
    const source = join(repositoryRoot, 'packages', 'core', 'src', 'index.ts');
    expect(assertBuiltModules([`file://${dist}`, dist, '/elsewhere/zod/index.js'], 'x')).toBe(1);
    expect(() => assertBuiltModules([dist, source], 'x')).toThrow(/loaded sources/);
    expect(() => assertBuiltModules(['/elsewhere/zod/index.js'], 'x')).toThrow(/no armorer module/);
  });

  test('every program runs to completion against the sources, and the armorer ones give 3', async () => {
    const consumer = createConsumer();
    try {
      for (const file of ['zod-import', 'armorer-import', 'zod-call', 'armorer-call', 'empty']) {
        for (const extension of file === 'empty' ? ['mjs'] : ['mjs', 'cjs']) {
          await runProcess({
            command: [process.execPath, '--conditions=@armorer/source', `${file}.${extension}`],
            cwd: consumer,
          });
        }
      }
      // A program whose call went wrong must fail: the same check with a tool that answers 4.
      writeFileSync(
        join(consumer, 'wrong.mjs'),
        (await Bun.file(join(consumer, 'armorer-call.mjs')).text()).replace('a + b', 'a + b + 1'),
      );
      await expect(
        runProcess({
          command: [process.execPath, '--conditions=@armorer/source', 'wrong.mjs'],
          cwd: consumer,
        }),
      ).rejects.toThrow(/exited with 1/);
    } finally {
      rmSync(consumer, { recursive: true, force: true });
    }
    // Ten processes one after another: on a loaded machine (the test command runs tasks side by side) that
    // takes longer than bun's default 5 s. The test checks what the programs print, not how fast.
  }, 60_000);

  test('the MCP client gets the coding server to list its three tools, and the server exits', async () => {
    const root = mkdtempSync(join(tmpdir(), 'startup-mcp-'));
    try {
      const cli = join(repositoryRoot, 'apps', 'coding-mcp', 'src', 'cli.ts');
      const start = await firstToolsList({
        command: [process.execPath, '--conditions=@armorer/source', cli, '--root', root],
        cwd: root,
      });
      expect([...start.tools].sort()).toEqual(['glob', 'grep', 'read-file']);
      expect(start.toolsListMs).toBeGreaterThanOrEqual(start.initializeMs);
      expect(start.cpuToAnswerMs).toBeGreaterThan(0);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 30_000);
});
