import { describe, expect, test } from 'bun:test';
import { delay } from '../__fixtures__/tools';
import { ToolFailureError } from '../errors/tool-call-error';
import { createTool } from '../tool/public';
import { createToolbox } from '../toolbox/public';

/** A tool streaming `count` chunks, one every `everyMs`, recording whether its signal aborted. */
function ticker(seen: { aborted: boolean; chunks: number }) {
  return createTool({
    name: 'ticker',
    description: 'Streams ticks',
    async *execute(_params, context) {
      context.signal.addEventListener('abort', () => {
        seen.aborted = true;
      });
      for (let index = 0; index < 50; index++) {
        await delay(20);
        seen.chunks++;
        yield index;
      }
    },
  });
}

async function readAll(stream: AsyncIterable<unknown> | undefined) {
  const chunks: unknown[] = [];
  try {
    for await (const chunk of stream ?? []) chunks.push(chunk);
  } catch (error) {
    return { chunks, error };
  }
  return { chunks, error: undefined };
}

describe('live streams honour the caller’s deadline and signal', () => {
  test('a timeout ends a live stream: the consumer gets TIMEOUT, the signal aborts, the execution ends', async () => {
    const seen = { aborted: false, chunks: 0 };
    const toolbox = createToolbox([ticker(seen)]);
    toolbox.executions.subscribe(() => {});
    const result = await toolbox.execute({ name: 'ticker', arguments: {} }, { stream: true, timeout: 70 });
    expect(result.outcome).toBe('success');
    const { chunks, error } = await readAll(result.stream);
    // Ended at the deadline, before the stream's last tick (50 ticks of 20 ms each), however late it fired.
    expect(chunks.length).toBeLessThan(50);
    expect(ToolFailureError.isInstance(error)).toBe(true);
    expect((error as ToolFailureError).toolError.code).toBe('TIMEOUT');
    expect(seen.aborted).toBe(true);
    expect(toolbox.executions.inspect()[0]?.state).toBe('terminal');
    await toolbox.shutdown({ policy: 'drain' });
  });

  test('the caller’s signal cancels a live stream, even when nobody is reading at that moment', async () => {
    const seen = { aborted: false, chunks: 0 };
    const toolbox = createToolbox([ticker(seen)]);
    toolbox.executions.subscribe(() => {});
    const controller = new AbortController();
    const result = await toolbox.execute(
      { name: 'ticker', arguments: {} },
      { stream: true, signal: controller.signal },
    );
    const iterator = (result.stream as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toBe(0);
    controller.abort(new Error('user left'));
    expect(seen.aborted).toBe(true);
    // The execution ended at the abort, not at the consumer's next read.
    expect(toolbox.executions.inspect()[0]?.state).toBe('terminal');
    const next = await iterator.next().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((next as ToolFailureError).toolError.code).toBe('CANCELLED');
    const chunksAtAbort = seen.chunks;
    await delay(60);
    expect(seen.chunks).toBeLessThanOrEqual(chunksAtAbort + 1);
    await toolbox.shutdown({ policy: 'drain' });
  });

  test('a stream that ends in time is unaffected, and its deadline timer is cleared', async () => {
    const quick = createTool({
      name: 'quick',
      description: 'x',
      async *execute() {
        yield 'a';
        yield 'b';
      },
    });
    const toolbox = createToolbox([quick]);
    toolbox.executions.subscribe(() => {});
    const result = await toolbox.execute({ name: 'quick', arguments: {} }, { stream: true, timeout: 50 });
    expect(await readAll(result.stream)).toEqual({ chunks: ['a', 'b'], error: undefined });
    await delay(80);
    expect(toolbox.executions.inspect()[0]).toMatchObject({ state: 'terminal' });
    expect(toolbox.executions.inspect()[0]?.result?.outcome).toBe('success');
  });
});
