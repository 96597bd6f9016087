import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { freezeRequestContext, type RequestContext } from './request-context';

/** Every object and array reachable from a value is frozen. */
function deeplyFrozen(value: unknown, seen = new Set<unknown>()): boolean {
  if (typeof value !== 'object' || value === null || seen.has(value)) return true;
  seen.add(value);
  if (!Object.isFrozen(value)) return false;
  return Reflect.ownKeys(value).every((key) =>
    deeplyFrozen((value as Record<PropertyKey, unknown>)[key], seen),
  );
}

/** Strings that stress a joined key: separators, empty strings, look-alikes. */
const word = fc.oneof(
  fc.constantFrom('', 'read', 'write', 'a\u0000b', '\u0000', 'a', 'b', 'read\u0000write'),
  fc.string({ maxLength: 6 }),
);

const json = fc.jsonValue({ maxDepth: 4 });

describe('freezeRequestContext', () => {
  test('returns a deep-frozen copy equal to the context; the caller’s object stays as it was', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), json), (context) => {
        const before = structuredClone(context);
        const frozen = freezeRequestContext(context as RequestContext);
        expect(frozen).toEqual(before);
        expect(context).toEqual(before);
        expect(deeplyFrozen(frozen)).toBe(true);
        expect(Object.isFrozen(context)).toBe(false);
        expect(freezeRequestContext(frozen)).toBe(frozen);
      }),
      { numRuns: 300 },
    );
  });

  test('lists of strings are shared only between equal lists, whatever their separators', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 5 }), fc.array(word, { maxLength: 5 }), (first, second) => {
        const a = freezeRequestContext({ authority: { capabilities: first } }).authority?.capabilities;
        const b = freezeRequestContext({ authority: { capabilities: second } }).authority?.capabilities;
        expect(a).toEqual(first);
        expect(b).toEqual(second);
        expect(Object.isFrozen(a)).toBe(true);
        expect(Object.isFrozen(b)).toBe(true);
        const equal = first.length === second.length && first.every((item, index) => item === second[index]);
        if (!equal) expect(a).not.toBe(b);
      }),
      { numRuns: 500 },
    );
  });

  test('an equal list of strings is one shared frozen array; changing the source later changes nothing', () => {
    const capabilities = ['read', 'write'];
    const first = freezeRequestContext({ authority: { capabilities } });
    const second = freezeRequestContext({ authority: { capabilities: ['read', 'write'] } });
    expect(second.authority?.capabilities).toBe(first.authority?.capabilities as readonly string[]);
    capabilities.push('admin');
    expect(first.authority?.capabilities).toEqual(['read', 'write']);
    expect(freezeRequestContext({ authority: { capabilities } }).authority?.capabilities).toEqual([
      'read',
      'write',
      'admin',
    ]);
  });

  test('symbol keys, getters, "__proto__" keys and null prototypes are copied without leaks', () => {
    const secret = Symbol('tenant-data');
    let reads = 0;
    const nested = { list: ['x'] };
    const context = {
      [secret]: nested,
      get agentId() {
        reads++;
        return 'agent-1';
      },
    };
    const frozen = freezeRequestContext(context as RequestContext) as Record<PropertyKey, unknown>;
    expect(reads).toBe(1);
    expect(frozen.agentId).toBe('agent-1');
    expect(frozen[secret]).toEqual(nested);
    expect(frozen[secret]).not.toBe(nested);
    expect(deeplyFrozen(frozen)).toBe(true);
    nested.list.push('y');
    expect(frozen[secret]).toEqual({ list: ['x'] });

    const parsed = JSON.parse('{"__proto__":{"capabilities":["admin"]},"runId":"r"}') as RequestContext;
    const copy = freezeRequestContext(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ capabilities: ['admin'] });
    expect(copy.capabilities).toBeUndefined();

    const bare = Object.assign(Object.create(null), { audience: 'tenant', authority: { tenantId: 't' } });
    const bareCopy = freezeRequestContext(bare);
    expect(Object.getPrototypeOf(bareCopy)).toBeNull();
    expect(bareCopy.authority).toEqual({ tenantId: 't' });
    expect(deeplyFrozen(bareCopy)).toBe(true);
  });
});
