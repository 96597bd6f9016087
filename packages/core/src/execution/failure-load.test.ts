import { describe, expect, test } from 'bun:test';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./__fixtures__/offline-chunks.ts', import.meta.url));

describe('when the failure descriptions cannot load', () => {
  test('failed calls still end, once, with LAZY_LOAD_FAILED; successful calls are untouched', () => {
    // A child process: the failure chunk must not be loaded yet, and this one has loaded it.
    const child = Bun.spawnSync([process.execPath, '--conditions=@armorer/source', script], {
      stdout: 'pipe',
      stderr: 'pipe',
    });
    expect(child.stderr.toString()).toBe('');
    expect(child.exitCode).toBe(0);
    const report = JSON.parse(child.stdout.toString());
    const offline = {
      outcome: 'error',
      code: 'LAZY_LOAD_FAILED',
      category: 'execution',
      message: 'Tool "echo" failed, and the description of the failure did not load (the network is down).',
    };
    // Invalid arguments, then a throwing implementation (the load is retried, and fails again).
    expect(report.results).toEqual([offline, offline, { outcome: 'success', result: 2 }]);
    expect(report.settled).toEqual(['error', 'error', 'success']);
    expect(report.active).toBe(0);
    expect(report.thrown).toEqual({ name: 'ToolCallError', message: offline.message });
  });
});
