import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox, createToolError, type ToolResult } from '@armorer/core';
import { z } from 'zod';
import {
  assertNoLiveStreams,
  collectLiveStreams,
  errorData,
  hasLiveStream,
  resultData,
  resultError,
  resultText,
  toResultList,
} from './result-content';

const words = createTool({
  name: 'words',
  description: 'Streams words',
  input: z.object({ text: z.string(), failAfter: z.number().optional() }),
  async *execute({ text, failAfter }) {
    let index = 0;
    for (const word of text.split(' ')) {
      if (failAfter !== undefined && index === failAfter) throw new Error('connection reset');
      index += 1;
      yield word;
    }
  },
});

describe('result helpers', () => {
  test('resultText: strings as they are, everything else as JSON, never a throw', () => {
    const circular: Record<string, unknown> = {};
    circular['self'] = circular;
    expect(resultText('plain')).toBe('plain');
    expect(resultText({ a: 1 })).toBe('{"a":1}');
    expect(resultText(undefined)).toBe('');
    expect(resultText(12n)).toBe('"12"');
    expect(resultText(new Map([['k', 1]]))).toBe('{"k":1}');
    expect(resultText(circular)).toBe('[object Object]');
    expect(resultData(undefined)).toBeNull();
    expect(resultData({ at: new Set([1]) })).toEqual({ at: [1] });
  });

  test('errorData carries the error without its cause', () => {
    const error = createToolError('TIMEOUT', 'Too slow', { details: { timeoutMs: 5 } });
    Object.defineProperty(error, 'cause', { value: new Error('secret'), enumerable: false });
    expect(errorData(error)).toEqual({
      error: {
        category: 'timeout',
        code: 'TIMEOUT',
        message: 'Too slow',
        retryable: true,
        details: { timeoutMs: 5 },
      },
    });
    const bare = { callId: 'c', toolCallId: 'c', toolName: 't', outcome: 'denied' } as ToolResult;
    expect(resultError(bare).code).toBe('EXECUTION_FAILED');
  });

  test('live streams are refused by sync formatters and collected by async ones', async () => {
    const toolbox = createToolbox([words]);
    const results = await toolbox.execute(
      [
        { id: 'ok', name: 'words', arguments: { text: 'a b c' } },
        { id: 'broken', name: 'words', arguments: { text: 'a b c', failAfter: 1 } },
      ],
      { stream: true },
    );
    expect(results.every(hasLiveStream)).toBe(true);
    expect(() => assertNoLiveStreams(results, 'formatX', 'formatXAsync')).toThrow(/Use await formatXAsync/);
    const [ok, broken] = await collectLiveStreams(results);
    expect(ok).toMatchObject({ outcome: 'success', result: ['a', 'b', 'c'] });
    expect(ok && hasLiveStream(ok)).toBe(false);
    expect(broken).toMatchObject({ outcome: 'error', result: ['a'], error: { code: 'STREAM_FAILED' } });
    expect(broken?.error?.message).toContain('connection reset');
  });

  test('toResultList accepts one result or a list and refuses anything else', () => {
    const result = { callId: 'c', toolCallId: 'c', toolName: 't', outcome: 'success' } as ToolResult;
    expect(toResultList(result, 'f')).toEqual([result]);
    expect(toResultList([result], 'f')).toEqual([result]);
    expect(() => toResultList([{ id: 'x' }], 'formatY')).toThrow(/formatY\(\): item 0 is not a ToolResult/);
    expect(() => toResultList(null, 'formatY')).toThrow(/not a ToolResult/);
  });
});
