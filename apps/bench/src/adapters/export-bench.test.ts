import { describe, expect, test } from 'bun:test';
import { EXPORTERS, formatExportBench, runExportBench } from './export-bench';

describe('adapter export bench', () => {
  // A smoke test of the bench's plumbing, not a timing: on a loaded machine a quick run takes minutes (more
  // than 105 s seen with three busy processes on two cores; 60 s failed).
  test('a quick run measures every exporter and sees the toolbox change', () => {
    const report = runExportBench({ count: 30, rounds: 1, repeats: 2 });
    expect(report.exporters.map((timing) => timing.name)).toEqual(Object.keys(EXPORTERS) as never);
    expect(report.exporters.every((timing) => timing.changeSeen)).toBe(true);
    expect(report.zodMs).toBeGreaterThan(0);
    const lines = formatExportBench(report);
    expect(lines.filter((line) => /^(PASS|MISS) /.test(line))).toHaveLength(
      Object.keys(EXPORTERS).length * 4,
    );
  }, 600_000);
});
