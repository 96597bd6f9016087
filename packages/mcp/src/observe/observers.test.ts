import { describe, expect, test } from 'bun:test';
import { Observers } from './observers';
import type { McpObservedOutcome, McpObservedRequest, McpObserver } from './types';

const REQUEST: McpObservedRequest = {
  side: 'server',
  method: 'tools/call',
  toolName: 'pay',
  requestId: 1,
  sessionId: undefined,
  protocolVersion: '2026-07-28',
  transport: 'tcp',
  meta: undefined,
};

function recording(overrides: Partial<McpObserver<number>> = {}) {
  const ended: McpObservedOutcome[] = [];
  const observer: McpObserver<number> = {
    specificationVersion: 'v1',
    start: () => 7,
    run: (_token, work) => work(),
    end: (_token, outcome) => {
      ended.push(outcome);
    },
    ...overrides,
  };
  return { observer, ended };
}

describe('Observers', () => {
  test('nothing registered: inactive; the work runs as is', async () => {
    const observers = new Observers();
    expect(observers.active).toBe(false);
    expect(
      await observers.observe(
        REQUEST,
        async () => 'done',
        () => ({ status: 'complete' }),
      ),
    ).toBe('done');
  });

  test('the outcome of the work, or of its error, reaches every observer; the injected meta reaches the work', async () => {
    const observers = new Observers();
    const first = recording({ inject: () => ({ traceparent: 'a' }) });
    const second = recording({ inject: () => ({ tracestate: 'b' }) });
    const remove = observers.add(first.observer as McpObserver);
    observers.add(second.observer as McpObserver);
    const meta = await observers.observe(
      REQUEST,
      async (injected) => injected,
      () => ({ status: 'complete' }),
    );
    expect(meta).toEqual({ traceparent: 'a', tracestate: 'b' });
    const failure = Object.assign(new Error('x'), { code: -32602 });
    await expect(
      observers.observe(
        REQUEST,
        () => Promise.reject(failure),
        () => ({ status: 'complete' }),
      ),
    ).rejects.toBe(failure);
    expect(first.ended).toEqual([{ status: 'complete' }, { status: 'error', errorType: '-32602' }]);
    remove();
    remove();
    await observers.observe(
      REQUEST,
      async () => 1,
      () => ({ status: 'complete' }),
    );
    expect(first.ended).toHaveLength(2);
    expect(second.ended).toHaveLength(3);
  });

  test('a broken observer never breaks the request, and the work runs exactly once', async () => {
    const hooks: Array<Partial<McpObserver<number>>> = [
      {
        start: () => {
          throw new Error('start');
        },
      },
      {
        inject: () => {
          throw new Error('inject');
        },
      },
      {
        run: () => {
          throw new Error('run before work');
        },
      },
      { run: () => undefined as never },
      {
        end: () => {
          throw new Error('end');
        },
      },
    ];
    for (const hook of hooks) {
      const observers = new Observers();
      observers.add(recording(hook).observer as McpObserver);
      let runs = 0;
      const result = await observers.observe(
        REQUEST,
        async () => ++runs,
        () => ({ status: 'complete' }),
      );
      expect(result).toBe(1);
      expect(runs).toBe(1);
    }
  });

  test('an error of the work is not retried by a run hook', async () => {
    const observers = new Observers();
    observers.add(recording().observer as McpObserver);
    let runs = 0;
    await expect(
      observers.observe(
        REQUEST,
        async () => {
          runs++;
          throw new Error('work');
        },
        () => ({ status: 'complete' }),
      ),
    ).rejects.toThrow('work');
    expect(runs).toBe(1);
  });

  test('an observer must declare the v1 contract', () => {
    expect(() => new Observers().add({} as never)).toThrow(TypeError);
  });
});
