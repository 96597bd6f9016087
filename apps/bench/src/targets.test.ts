import { describe, expect, test } from 'bun:test';
import { median, medianRatio } from './run';
import { checkMode, checkTarget, finishTargets, markTarget, recordedTargets, reportTarget } from './targets';

describe('checkTarget', () => {
  test('an upper bound passes at or under it and misses over it', () => {
    expect(checkTarget('ratio', 2.5, { atMost: 3 }).pass).toBe(true);
    expect(checkTarget('ratio', 3, { atMost: 3 }).pass).toBe(true);
    const miss = checkTarget('ratio', 3.01, { atMost: 3 });
    expect(miss.pass).toBe(false);
    expect(miss.line).toBe('MISS  ratio: 3.01x (target <= 3x)');
  });

  test('a lower bound passes at or over it and misses under it', () => {
    expect(checkTarget('speedup', 6.2, { atLeast: 6 }).line).toBe('PASS  speedup: 6.20x (target >= 6x)');
    expect(checkTarget('speedup', 5.99, { atLeast: 6 }).pass).toBe(false);
  });

  test('a figure that is not a number is a miss whatever the bound', () => {
    expect(checkTarget('a', Number.NaN, { atMost: 3 }).pass).toBe(false);
    expect(checkTarget('b', Number.NaN, { atLeast: 3 }).pass).toBe(false);
  });

  test('units, digits and notes shape the line', () => {
    const check = checkTarget('heap', 15.456, { atMost: 50, unit: ' MB', digits: 1, note: 'info' });
    expect(check.line).toBe('PASS  heap: 15.5 MB (target <= 50 MB; info)');
    expect(check.bound).toEqual({ atMost: 50 });
  });
});

describe('finishTargets', () => {
  test('--check fails the run only when a target was missed', () => {
    const codes: number[] = [];
    const fail = (code: number) => codes.push(code);
    const before = recordedTargets().length;
    reportTarget('fine', 1, { atMost: 2 });
    expect(finishTargets(['bun', 'main.ts', '--check'], fail)).toBe(0);
    expect(codes).toEqual([]);
    expect(markTarget('tight', false)).toBe('MISS');
    expect(recordedTargets().length).toBe(before + 2);
    expect(finishTargets(['bun', 'main.ts'], fail)).toBe(1);
    expect(codes).toEqual([]);
    expect(finishTargets(['bun', 'main.ts', '--check'], fail)).toBe(1);
    expect(codes).toEqual([1]);
  });

  test('checkMode reads --check', () => {
    expect(checkMode(['bun', 'x', '--quick', '--check'])).toBe(true);
    expect(checkMode(['bun', 'x', '--quick'])).toBe(false);
  });
});

describe('median of ratios', () => {
  test('takes each ratio within its round', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(Number.isNaN(median([]))).toBe(true);
    const others = {
      callable: 0,
      toolboxJson: 0,
      agentsCore: 0,
      baselineWaiting: 0,
      toolboxWaiting: 0,
      agentsCoreWaiting: 0,
    };
    const rounds = [
      { baseline: 100, toolbox: 300, ...others },
      { baseline: 200, toolbox: 500, ...others },
      { baseline: 50, toolbox: 400, ...others },
    ];
    expect(medianRatio(rounds, 'toolbox', 'baseline')).toBe(3);
  });
});
