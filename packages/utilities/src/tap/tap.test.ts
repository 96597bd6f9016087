import { describe, expect, test } from 'bun:test';
import { double } from '../__fixtures__/tools';
import { CompositionError } from '../errors/composition-error';
import { tap } from './tap';

describe('tap', () => {
  test('runs the effect with the output and arguments, passing the output through', async () => {
    const seen: unknown[] = [];
    const logged = tap(double, async (output, params) => {
      seen.push(output, params);
    });
    expect(await logged({ value: 4 })).toEqual({ value: 8 });
    expect(seen).toEqual([{ value: 8 }, { value: 4 }]);
    expect(logged.name).toBe('tap-double');
    expect(logged.description).toBe(double.description);
  });

  test('a throwing effect fails the call', async () => {
    const failing = tap(double, () => {
      throw new Error('audit log unavailable');
    });
    const result = await failing.execute({ name: failing.name, arguments: { value: 1 } });
    expect(result.error?.message).toContain('audit log unavailable');
  });

  test('rejects a missing effect', () => {
    expect(() => tap(double, undefined as never)).toThrow(CompositionError);
  });
});
