import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { nextCallId, nextExecutionId } from './ids';

describe('execution and call ids', () => {
  test('unique, prefixed by kind, one process prefix', () => {
    const ids = Array.from({ length: 2500 }, () => nextExecutionId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^exec_[0-9a-z]{6,12}_\d+$/);
    const prefixes = new Set(ids.map((id) => id.split('_')[1]));
    expect(prefixes.size).toBe(1);
    expect(nextCallId().split('_')[1]).toBe([...prefixes][0] as string);
  });

  test('a process imports core and runs a call without reading Web Crypto', () => {
    // Web Crypto starts the platform's crypto library (milliseconds under Node): start-up must not pay it.
    const program = `
      Object.defineProperty(globalThis, 'crypto', { get() { throw new Error('Web Crypto was read'); } });
      const { createTool, createToolbox } = await import(${JSON.stringify(join(import.meta.dir, '..', 'index.ts'))});
      const { z } = await import('zod');
      const add = createTool({ name: 'add', description: 'Adds.', input: z.object({ a: z.number() }), execute: ({ a }) => a + 1 });
      const result = await createToolbox([add]).execute({ name: 'add', arguments: { a: 1 } });
      if (result.outcome !== 'success' || result.result !== 2) throw new Error(JSON.stringify(result));
      console.log(result.executionId);
    `;
    const run = Bun.spawnSync([process.execPath, '--conditions=@armorer/source', '-e', program], {
      cwd: import.meta.dir,
      stdout: 'pipe',
      stderr: 'pipe',
    });
    expect(run.stderr.toString()).toBe('');
    expect(run.stdout.toString().trim()).toMatch(/^exec_[0-9a-z]+_\d+$/);
    expect(run.exitCode).toBe(0);
  });
});
