import { describe, expect, test } from 'bun:test';
import { createBenchCases } from './cases';
import { measureRegistryHeap } from './memory';
import { checkTargets, formatReport } from './report';
import { runBench } from './run';
import { syntheticToolConfig } from './synthetic-tools';

describe('bench cases', () => {
  test('every benchmarked function resolves to 3', async () => {
    const cases = createBenchCases();
    expect(cases.map((benchCase) => benchCase.key)).toEqual([
      'baseline',
      'toolbox',
      'callable',
      'toolboxJson',
      'agentsCore',
    ]);
    for (const benchCase of cases) {
      expect(await benchCase.run()).toBe(3);
      expect(await benchCase.run()).toBe(3);
    }
  });

  test('synthetic tools have distinct names and 2-5 fields', () => {
    const names = new Set<string>();
    for (let index = 0; index < 12_500; index++) {
      const config = syntheticToolConfig(index);
      names.add(config.name);
      if (index < 100) {
        const fields = Object.keys((config.input as { shape: object }).shape).length;
        expect(fields).toBeGreaterThanOrEqual(2);
        expect(fields).toBeLessThanOrEqual(5);
      }
    }
    expect(names.size).toBe(12_500);
  });

  test('the registry measurement registers every tool', () => {
    const cost = measureRegistryHeap(100);
    expect(cost.registered).toBe(100);
    expect(cost.totalBytes).toBeGreaterThan(0);
  });

  test('the quick run produces a complete report', async () => {
    const report = await runBench({ quick: true });
    expect(report.timings).toHaveLength(5);
    for (const timing of report.timings) expect(timing.meanNs).toBeGreaterThan(0);
    expect(checkTargets(report).map((check) => Number.isFinite(check.value))).toEqual([true, true, true]);
    const text = formatReport(report).join('\n');
    expect(text).toContain('armorer / baseline');
    expect(text).toMatch(/(PASS|MISS) {2}agents-core \/ armorer/);
    // Five mitata cases and a heap measurement: seconds on a machine shared by several builds.
  }, 30_000);
});

test('the batch benchmark runs both contenders to the same results', async () => {
  const { measureBatch } = await import('./batch');
  const timing = await measureBatch(200, 16, 1);
  expect(timing.calls).toBe(200);
  expect(timing.armorerMs).toBeGreaterThan(0);
  expect(timing.baselineMs).toBeGreaterThan(0);
});
