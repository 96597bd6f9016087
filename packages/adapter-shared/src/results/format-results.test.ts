import { describe, expect, test } from 'bun:test';
import { echo, liveStreamResults } from '@armorer/adapter-fixtures/results';
import type { ToolResult } from '@armorer/core';
import { formatResults, formatResultsAsync } from './format-results';

const label = (result: ToolResult): string => `${result.toolCallId}:${String(result.result)}`;

describe('formatResults and formatResultsAsync', () => {
  test('format one result or a list, in order', async () => {
    const a = await echo.execute({ id: 'a', name: 'echo', arguments: { text: 'x' } });
    const b = await echo.execute({ id: 'b', name: 'echo', arguments: { text: 'y' } });
    expect(formatResults([a, b], 'formatX', 'formatXAsync', label)).toEqual(['a:x', 'b:y']);
    expect(formatResults(a, 'formatX', 'formatXAsync', label)).toEqual(['a:x']);
    expect(await formatResultsAsync([a, b], 'formatXAsync', label)).toEqual(['a:x', 'b:y']);
  });

  test('live streams: refused by the sync body (naming the async one), collected by the async body', async () => {
    const live = await liveStreamResults();
    expect(() => formatResults(live, 'formatX', 'formatXAsync', label)).toThrow(/Use await formatXAsync/);
    const collected = await formatResultsAsync(live, 'formatXAsync', (result) => result.result);
    expect(collected).toEqual([['a', 'b']]);
  });

  test('refuse values that are not tool results, naming the formatter', async () => {
    expect(() => formatResults([{ id: 'x' }], 'formatX', 'formatXAsync', label)).toThrow(
      /formatX\(\): item 0 is not a ToolResult/,
    );
    await expect(formatResultsAsync(null, 'formatXAsync', label)).rejects.toThrow(
      /formatXAsync\(\): item 0 is not a ToolResult/,
    );
  });
});
