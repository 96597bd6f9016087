import { canonicalJson, IdempotencyKeyError } from './canonical';

/** Derives the idempotency key of a call from its validated arguments. */
export type IdempotencyKeyFunction<TParams = Record<string, unknown>> = (params: TParams) => string;

/**
 * The key of the whole validated input: canonical JSON, so it does not depend on key order (at any
 * depth) or on how the arguments were encoded (an object or a JSON string, escapes, number forms).
 *
 * @example
 * ```ts
 * fullInputKey({ to: 'a@b.c', subject: 'Hi' }) === fullInputKey({ subject: 'Hi', to: 'a@b.c' }); // true
 * const sendEmail = createTool({ name: 'send-email', description: '…', input, idempotencyKey: fullInputKey, execute });
 * ```
 */
export function fullInputKey(params: unknown): string {
  return canonicalJson(params);
}

/**
 * A key made of some fields of the input (canonical JSON of those fields, in the order given). Use it
 * when a business identifier names the operation, e.g. an order id. A call whose arguments lack one of
 * the fields (absent or `undefined`; `null` is a value) is refused with an `IdempotencyKeyError`
 * (`missing-field`): its calls would otherwise all share one key.
 *
 * @example
 * ```ts
 * const chargeCard = createTool({
 *   name: 'charge-card', description: 'Charge a card', input: z.object({ orderId: z.string(), cents: z.number() }),
 *   idempotencyKey: fieldKey('orderId'),
 *   async execute({ orderId, cents }) { return payments.charge(orderId, cents); },
 * });
 * ```
 */
export function fieldKey<TParams extends object = Record<string, unknown>>(
  ...fields: readonly (keyof TParams & string)[]
): IdempotencyKeyFunction<TParams> {
  if (fields.length === 0 || fields.some((field) => typeof field !== 'string')) {
    throw new IdempotencyKeyError('fieldKey() expects one or more field names.', 'invalid-key-function');
  }
  const names = [...fields];
  return (params) => {
    const record = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
    const entries: [string, unknown][] = [];
    for (const name of names) {
      const value = Object.hasOwn(record, name) ? record[name] : undefined;
      // Read as null, every call lacking the field would share one key: one run would answer for all.
      if (value === undefined) {
        throw new IdempotencyKeyError(
          `The idempotency key field "${name}" is missing from the call's arguments.`,
          'missing-field',
        );
      }
      entries.push([name, value]);
    }
    return canonicalJson(entries);
  };
}

/**
 * A key made of several keys (each part is kept apart, so `('a:b', 'c')` and `('a', 'b:c')` differ).
 *
 * @example
 * ```ts
 * const key = compositeKey(fieldKey<Input>('accountId'), (params: Input) => params.day.slice(0, 10));
 * ```
 */
export function compositeKey<TParams = Record<string, unknown>>(
  ...parts: readonly IdempotencyKeyFunction<TParams>[]
): IdempotencyKeyFunction<TParams> {
  if (parts.length === 0 || parts.some((part) => typeof part !== 'function')) {
    throw new IdempotencyKeyError(
      'compositeKey() expects one or more key functions.',
      'invalid-key-function',
    );
  }
  const functions = [...parts];
  return (params) => canonicalJson(functions.map((part) => checkedKey(part(params))));
}

/**
 * Prefixes a key with a namespace (for example a version of the operation), so keys of two namespaces
 * never meet.
 *
 * @example
 * ```ts
 * const key = namespacedKey('refunds-v2', fieldKey<Input>('refundId'));
 * ```
 */
export function namespacedKey<TParams = Record<string, unknown>>(
  namespace: string,
  key: IdempotencyKeyFunction<TParams>,
): IdempotencyKeyFunction<TParams> {
  if (typeof namespace !== 'string' || namespace.length === 0) {
    throw new IdempotencyKeyError('namespacedKey() expects a non-empty namespace.', 'invalid-key-function');
  }
  if (typeof key !== 'function')
    throw new IdempotencyKeyError('namespacedKey() expects a key function.', 'invalid-key-function');
  const prefix = `${JSON.stringify(namespace)}:`;
  return (params) => prefix + checkedKey(key(params));
}

function checkedKey(key: unknown): string {
  if (typeof key !== 'string')
    throw new IdempotencyKeyError('A key function must return a string.', 'invalid-key-function');
  return key;
}
