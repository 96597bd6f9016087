import { describe, expect, test } from 'bun:test';
import { StoreError } from '@armorer/core';
import fc from 'fast-check';
import { resolveStoreOptions, STORE_DEFAULTS, type StoreFactorySpec } from './store-options';

const client = { evalsha() {}, eval() {} };
const spec: StoreFactorySpec = {
  factory: 'createTestStores',
  connection: 'client',
  example: 'createTestStores({ client: new Client() })',
  defaultPrefix: 'armorer:',
  prefix: { accepts: (prefix) => !/[{}]/.test(prefix), rule: 'a string without braces' },
  extra: ['lazy'],
};

function refusal(options: unknown): StoreError {
  try {
    resolveStoreOptions(spec, options);
  } catch (error) {
    expect(StoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'misconfigured', retryable: false });
    return error as StoreError;
  }
  throw new Error('expected a misconfigured StoreError');
}

describe('resolveStoreOptions', () => {
  test('applies the one set of defaults, and keeps what is given', () => {
    expect(resolveStoreOptions(spec, { client })).toEqual({ prefix: 'armorer:', ...STORE_DEFAULTS });
    expect(STORE_DEFAULTS).toEqual({
      reservationLeaseMs: 60_000,
      retainExpiredMs: 3_600_000,
      retainResultsMs: 604_800_000,
      operationTimeoutMs: 3_000,
    });
    const given = {
      prefix: 'billing:',
      reservationLeaseMs: 5,
      retainExpiredMs: 0,
      retainResultsMs: 0,
      operationTimeoutMs: 250,
    };
    expect(resolveStoreOptions(spec, { client, lazy: true, ...given })).toEqual(given);
    expect(Object.isFrozen(resolveStoreOptions(spec, { client }))).toBe(true);
  });

  test('the client passed by itself, or no options, says { client }', () => {
    for (const options of [client, undefined, null, 'redis://localhost', 42]) {
      const error = refusal(options);
      expect(error.message).toContain('createTestStores({ client })');
      expect(error.message).toContain('createTestStores({ client: new Client() })');
    }
    expect(refusal(client).message).toContain('it was given an object');
    expect(refusal({ query() {}, connect() {}, totalCount: 0 }).message).toContain('it was given a pg Pool');
    expect(refusal('./armorer.db').message).toContain('it was given the string "./armorer.db"');
    expect(refusal({}).message).toContain('needs createTestStores({ client })');
  });

  test('an unknown option is named, with the closest known one; a renamed one says its new name', () => {
    expect(refusal({ client, reservationLeaseMS: 1 }).message).toContain(
      'no option "reservationLeaseMS" (did you mean "reservationLeaseMs"?)',
    );
    expect(refusal({ client, operationTimeout: 1 }).message).toContain('did you mean "operationTimeoutMs"');
    expect(refusal({ client, keyPrefix: 'x:' }).message).toContain('"keyPrefix" is now "prefix"');
    expect(refusal({ client, retentionMs: 1 }).message).toContain('is now "retainResultsMs"');
    expect(refusal({ client, busyTimeoutMs: 1 }).message).toContain('is now "operationTimeoutMs"');
    expect(refusal({ client, approvals: {} }).message).toContain(
      '"reservationLeaseMs" and "retainExpiredMs"',
    );
    expect(refusal({ client, constructor: 1 }).message).toContain('no option "constructor"');
  });

  test('any other name is refused and named (generated names)', () => {
    const known = new Set([
      'client',
      'lazy',
      'prefix',
      'reservationLeaseMs',
      'retainExpiredMs',
      'retainResultsMs',
      'operationTimeoutMs',
    ]);
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((name) => !known.has(name)),
        (name) => {
          const options = Object.defineProperty({ client }, name, { value: 1, enumerable: true });
          expect(refusal(options).message).toContain(`"${name}"`);
        },
      ),
    );
  });

  test('a number out of range or of another type names the option and the range', () => {
    const bad = fc.oneof(
      fc.constantFrom(-1, Number.NaN, Number.POSITIVE_INFINITY, 1e20, '5', null, true, {}),
      fc.double({ max: -Number.MIN_VALUE }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('reservationLeaseMs', 'retainExpiredMs', 'retainResultsMs', 'operationTimeoutMs'),
        bad,
        (name, value) => {
          const message = refusal({ client, [name]: value }).message;
          expect(message).toContain(`option ${name} must be a number of milliseconds from`);
        },
      ),
    );
    expect(refusal({ client, operationTimeoutMs: 0 }).message).toContain('from 1 to 2147483647');
    expect(refusal({ client, reservationLeaseMs: 0 }).message).toContain('reservationLeaseMs');
  });

  test('a prefix the backend refuses says its rule', () => {
    expect(refusal({ client, prefix: 'a{b}' }).message).toContain('a string without braces');
    expect(refusal({ client, prefix: 7 }).message).toContain('the number 7');
  });
});
