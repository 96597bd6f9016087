import { describe, expect, test } from 'bun:test';
import { StoreError } from '@armorer/core';
import fc from 'fast-check';
import type { PostgresQueryResult } from './postgres-client';
import { PostgresConnection } from './postgres-connection';

const OK: PostgresQueryResult = { rows: [], rowCount: 0 };

async function failure(promise: Promise<unknown>): Promise<StoreError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(StoreError.isInstance(error)).toBe(true);
  return error as StoreError;
}

const over = (query: () => Promise<PostgresQueryResult>, timeoutMs = 1000, extra: object = {}) =>
  new PostgresConnection({ query, ...extra }, timeoutMs);

describe('PostgresConnection', () => {
  test('passes statements through, and refuses them once closed', async () => {
    const connection = over(async () => OK);
    expect(await connection.query({ text: 'SELECT 1' })).toBe(OK);
    connection.close();
    expect(await failure(connection.query({ text: 'SELECT 1' }))).toMatchObject({
      code: 'closed',
      retryable: false,
    });
  });

  test('a server that never answers fails at the deadline, naming the address from the pool', async () => {
    const connection = over(() => new Promise(() => {}), 20, {
      options: { connectionString: 'postgres://u@db.internal:6543/app' },
    });
    const error = await failure(connection.query({ text: 'SELECT 1' }));
    expect(error).toMatchObject({ code: 'timeout', retryable: true, retryAfterMs: 1000 });
    expect(error.message).toContain('db.internal:6543 did not answer within 20 ms (operationTimeoutMs)');
  });

  test('each failure pg reports becomes the error class it is', async () => {
    const sqlState = (code: string, message: string) => Object.assign(new Error(message), { code });
    const cases: readonly [unknown, string][] = [
      [new Error('Cannot use a pool after calling end on the pool'), 'closed'],
      [new Error('Client was closed and is not queryable'), 'closed'],
      [sqlState('3D000', 'database "x" does not exist'), 'misconfigured'],
      [sqlState('28P01', 'password authentication failed for user "u"'), 'misconfigured'],
      [sqlState('28000', 'role "u" does not exist'), 'misconfigured'],
      [sqlState('42501', 'permission denied for schema public'), 'misconfigured'],
      [sqlState('ENOTFOUND', 'getaddrinfo ENOTFOUND db.invalid'), 'misconfigured'],
      [sqlState('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), 'unavailable'],
      [sqlState('57P01', 'terminating connection due to administrator command'), 'unavailable'],
      [sqlState('53300', 'sorry, too many clients already'), 'unavailable'],
      [sqlState('40001', 'could not serialize access'), 'unavailable'],
      [new Error('Connection terminated unexpectedly'), 'unavailable'],
      [sqlState('42P01', 'relation "x" does not exist'), 'command-failed'],
    ];
    for (const [thrown, code] of cases) {
      const error = await failure(over(() => Promise.reject(thrown)).query({ text: 'SELECT 1' }));
      expect([(thrown as Error).message, error.code]).toEqual([(thrown as Error).message, code]);
      expect(error.cause).toBe(thrown);
    }
  });

  test('whatever a client throws or rejects with, the store answers a StoreError (generated)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.boolean(), async (thrown, synchronously) => {
        const connection = new PostgresConnection(
          {
            query: () => {
              if (synchronously) throw thrown;
              return Promise.reject(thrown);
            },
          },
          1000,
        );
        const error = await failure(connection.query({ text: 'SELECT 1' }));
        expect(typeof error.retryable).toBe('boolean');
      }),
      { numRuns: 200 },
    );
  });
});
