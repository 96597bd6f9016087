import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox, createToolError, ToolFailureError } from '@armorer/core';
import { z } from 'zod';
import { MiddlewareOptionsError } from '../errors/middleware-options-error';
import { createUntrustedOutputFencingMiddleware } from '../fencing/create-untrusted-output-fencing-middleware';
import { createTruncationMiddleware } from './create-truncation-middleware';

const long = 'word '.repeat(2000);

function shapesTool(untrusted = false) {
  return createTool({
    name: 'shapes',
    description: 'Returns a result of the requested shape',
    input: z.object({ kind: z.string() }),
    ...(untrusted ? { risk: { untrustedOutput: true } } : {}),
    async execute({ kind }): Promise<unknown> {
      switch (kind) {
        case 'string':
          return long;
        case 'image':
          return `chart: data:image/png;base64,${'iVBORw0KGgo'.repeat(500)}`;
        case 'content':
          return { title: 'kept', content: long };
        case 'blocks':
          return { content: [{ type: 'text', text: long }] };
        case 'number':
          return 12345;
        case 'object':
          return { rows: Array.from({ length: 1000 }, (_, index) => index) };
        case 'stream':
          return (async function* tokens() {
            for (let index = 0; index < 1000; index++) yield 'token ';
          })();
        case 'wrapped-stream': {
          const stream = (async function* tokens() {
            for (let index = 0; index < 1000; index++) yield 'token ';
          })();
          return { stream, result: stream };
        }
        default:
          throw new Error(`unknown kind ${kind}`);
      }
    },
  });
}

async function run(toolbox: ReturnType<typeof createToolbox>, kind: string) {
  return toolbox.execute({ name: 'shapes', arguments: { kind } });
}

describe('createTruncationMiddleware', () => {
  const toolbox = createToolbox([shapesTool()], {
    middleware: [createTruncationMiddleware({ maxCharacters: 100 })],
  });

  test('truncates string results with a marker, after replacing base64 payloads', async () => {
    const text = (await run(toolbox, 'string')).result as string;
    expect(text.length).toBeLessThanOrEqual(100);
    expect(text).toContain('more characters truncated');
    expect((await run(toolbox, 'image')).result).toBe(
      'chart: [base64 image/png data omitted: 5522 characters]',
    );
  });

  test('truncates object content and text blocks, keeping other fields', async () => {
    const content = (await run(toolbox, 'content')).result as { title: string; content: string };
    expect(content.title).toBe('kept');
    expect(content.content.length).toBeLessThanOrEqual(100);
    const blocks = (await run(toolbox, 'blocks')).result as { content: [{ text: string }] };
    expect(blocks.content[0].text.length).toBeLessThanOrEqual(100);
  });

  test('passes non-string results through unchanged', async () => {
    expect((await run(toolbox, 'number')).result).toBe(12345);
    expect(((await run(toolbox, 'object')).result as { rows: number[] }).rows).toHaveLength(1000);
  });

  test('streams yield chunks until the limit, then a marker, then stop (collected and live)', async () => {
    const collected = (await run(toolbox, 'stream')).result as string[];
    expect(collected.slice(0, -1).join('')).toBe('token '.repeat(17).slice(0, 100));
    expect(collected.at(-1)).toContain('exceeded 100 characters');
    const live = await toolbox.execute({ name: 'shapes', arguments: { kind: 'stream' } }, { stream: true });
    const chunks: unknown[] = [];
    for await (const chunk of live.stream ?? []) chunks.push(chunk);
    expect(chunks).toEqual(collected);
    const wrapped = (await run(toolbox, 'wrapped-stream')).result as {
      stream: AsyncIterable<string>;
      result: AsyncIterable<string>;
    };
    expect(wrapped.stream).toBe(wrapped.result);
    let text = '';
    for await (const chunk of wrapped.stream) text += chunk;
    expect(text.startsWith('token '.repeat(16))).toBe(true);
    expect(text).toContain('exceeded 100 characters');
  });

  test('cuts overlong error messages, keeping the code', async () => {
    const noisy = createTool({
      name: 'noisy',
      description: 'Fails loudly',
      input: z.object({ precise: z.boolean() }),
      async execute({ precise }) {
        if (precise)
          throw new ToolFailureError(
            createToolError('RATE_LIMITED', 'x'.repeat(5000), { details: { retryAfterMs: 5 } }),
          );
        throw new Error(`stack: ${'frame\n'.repeat(2000)}`);
      },
    });
    const guarded = createToolbox([noisy], {
      middleware: [createTruncationMiddleware({ errorMaxCharacters: 300 })],
    });
    const precise = await guarded.execute({ name: 'noisy', arguments: { precise: true } });
    expect(precise.error?.code).toBe('RATE_LIMITED');
    expect(precise.error?.details?.retryAfterMs).toBe(5);
    expect(precise.error?.message.length).toBeLessThanOrEqual(300);
    const generic = await guarded.execute({ name: 'noisy', arguments: { precise: false } });
    expect(generic.error?.code).toBe('EXECUTION_FAILED');
    expect(generic.error?.message).toStartWith('Tool "noisy" failed: stack:');
    expect(generic.error?.message.length).toBeLessThanOrEqual(300);
  });

  test('short errors are left exactly as they were', async () => {
    const failing = createTool({
      name: 'failing',
      description: 'Fails briefly',
      execute() {
        throw new Error('nope');
      },
    });
    const guarded = createToolbox([failing], { middleware: [createTruncationMiddleware()] });
    expect((await guarded.execute({ name: 'failing', arguments: {} })).error?.message).toBe(
      'Tool "failing" failed: nope',
    );
  });

  test('keeps the fence whole, whichever order fencing and truncation are registered in', async () => {
    for (const order of ['fencing first', 'truncation first']) {
      const fencing = createUntrustedOutputFencingMiddleware();
      const truncation = createTruncationMiddleware({ maxCharacters: 100 });
      const middleware = order === 'fencing first' ? [fencing, truncation] : [truncation, fencing];
      const guarded = createToolbox([shapesTool(true)], { middleware });
      const text = (await run(guarded, 'string')).result as string;
      const token = /<<<UNTRUSTED_TOOL_OUTPUT id=([0-9a-f]{32})>>>\n/.exec(text)?.[1];
      expect(token).toBeDefined();
      expect(text.endsWith(`\n<<<END_UNTRUSTED_TOOL_OUTPUT id=${token}>>>`)).toBe(true);
      const body = text.split(`id=${token}>>>\n`)[1]?.split('\n<<<END_UNTRUSTED')[0] ?? '';
      expect(body.length).toBeLessThanOrEqual(100);
      expect(body).toContain('more characters truncated');
      const streamed = ((await run(guarded, 'stream')).result as string[]).join('');
      expect(streamed).toMatch(/exceeded 100 characters\]\n<<<END_UNTRUSTED_TOOL_OUTPUT id=[0-9a-f]{32}>>>$/);
    }
  });

  test('rejects zero, negative and fractional budgets and bad markers', () => {
    for (const options of [
      { maxCharacters: 0 },
      { maxCharacters: -10 },
      { maxCharacters: 10.5 },
      { errorMaxCharacters: 0 },
      { marker: 5 },
      { base64Placeholder: {} },
    ]) {
      expect(() => createTruncationMiddleware(options as never)).toThrow(MiddlewareOptionsError);
    }
    expect(() => createTruncationMiddleware(42 as never)).toThrow(MiddlewareOptionsError);
  });
});
