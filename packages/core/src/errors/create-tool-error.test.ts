import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { z } from 'zod';
import { cancelledError } from '../execution/lifetime/cancellation';
import { createTool } from '../tool/public';
import { categoryOf, createToolError, isToolError, TOOL_ERROR_CODES } from './create-tool-error';
import { StoreError } from './store-error';
import { type ToolErrorCode, toolErrorOf } from './tool-error';

const CODES = TOOL_ERROR_CODES;

describe('toolErrorOf and the table of categories', () => {
  test('the categories the initial load states by hand are the ones the table gives', () => {
    // Every call site of toolErrorOf in the initial load, with the category and retryability it states.
    const stated: readonly [ToolErrorCode, string, boolean][] = [
      ['TIMEOUT', 'timeout', true],
      ['CANCELLED', 'cancelled', false],
      ['LAZY_LOAD_FAILED', 'execution', true],
      ['EXECUTION_FAILED', 'execution', true],
    ];
    for (const [code, category, retryable] of stated) {
      const expected = createToolError(code, 'm');
      expect(expected.category).toBe(category as never);
      expect(expected.retryable).toBe(retryable);
    }
  });

  test('gives what createToolError gives for any code, message, details and cause', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CODES),
        fc.string(),
        fc.option(fc.record({ reason: fc.string() }), { nil: undefined }),
        fc.option(fc.anything(), { nil: undefined }),
        (code, message, details, cause) => {
          const expected = createToolError(code, message, {
            ...(details === undefined ? {} : { details }),
            ...(cause === undefined ? {} : { cause }),
          });
          const built = toolErrorOf(code, categoryOf(code), expected.retryable, message, details, cause);
          expect(built).toEqual(expected);
          expect(Object.keys(built)).toEqual(Object.keys(expected));
          expect(built.cause).toBe(expected.cause);
          expect(Object.getOwnPropertyDescriptor(built, 'cause')?.enumerable ?? false).toBe(false);
          expect(isToolError(built)).toBe(true);
        },
      ),
    );
  });

  test('cancellations and timeouts end with the error createToolError describes', async () => {
    expect(cancelledError('slow', 'stop')).toEqual(
      createToolError('CANCELLED', 'Tool "slow" was cancelled: stop.', { details: { reason: 'stop' } }),
    );
    const slow = createTool({
      name: 'slow',
      description: 'Never ends in time',
      input: z.object({}),
      execute: () => new Promise((resolve) => setTimeout(resolve, 200)),
    });
    const result = await slow.execute({ id: 'c1', name: 'slow', arguments: {} }, { timeout: 5 });
    expect(result.error).toEqual(
      createToolError('TIMEOUT', 'Tool "slow" did not finish within 5 ms.', { details: { timeoutMs: 5 } }),
    );
  });
});

describe('a store failure decides whether the call is worth retrying', () => {
  test('retryable and retryAfterMs come from a StoreError cause, for every code and store error code', () => {
    const storeCodes = [
      'unavailable',
      'timeout',
      'busy',
      'closed',
      'misconfigured',
      'command-failed',
      'corrupt-record',
      'incompatible-schema',
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...CODES), fc.constantFrom(...storeCodes), (code, storeCode) => {
        const cause = new StoreError({ code: storeCode, message: 'm' });
        const error = createToolError(code, 'm', { cause });
        expect(error.retryable).toBe(cause.retryable);
        expect(error.details?.retryAfterMs).toBe(cause.retryAfterMs);
        expect(error.cause).toBe(cause);
      }),
    );
  });

  test('an explicit retryable and given details win; other causes leave the code to decide', () => {
    const lost = new StoreError({ code: 'unavailable', message: 'down', retryAfterMs: 40 });
    expect(createToolError('IDEMPOTENCY_STORE_FAILED', 'm', { cause: lost, retryable: false })).toMatchObject(
      {
        retryable: false,
      },
    );
    expect(
      createToolError('APPROVAL_STORE_FAILED', 'm', {
        cause: lost,
        details: { reason: 'x', retryAfterMs: 7 },
      }).details,
    ).toEqual({ reason: 'x', retryAfterMs: 7 });
    expect(
      createToolError('APPROVAL_STORE_FAILED', 'm', { cause: lost, details: { reason: 'store-failed' } }),
    ).toMatchObject({ retryable: true, details: { reason: 'store-failed', retryAfterMs: 40 } });
    expect(createToolError('IDEMPOTENCY_STORE_FAILED', 'm', { cause: new Error('x') }).retryable).toBe(true);
    expect(createToolError('APPROVAL_STORE_FAILED', 'm', { cause: new Error('x') }).retryable).toBe(false);
  });

  test('a hostile cause never breaks building the error', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(createToolError('EXECUTION_FAILED', 'm', { cause: hostile })).toMatchObject({ retryable: true });
  });
});
