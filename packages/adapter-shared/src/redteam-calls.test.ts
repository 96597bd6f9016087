import { describe, expect, test } from 'bun:test';
import { stripOptionalNulls } from './calls/strip-nulls';

describe('red team: shared inbound helpers', () => {
  test('stripOptionalNulls keeps a __proto__ key as data and never reads Object.prototype as a schema', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const value = JSON.parse('{"a":"x","__proto__":{"polluted":1}}') as Record<string, unknown>;
    const out = stripOptionalNulls(value, schema);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(out['polluted']).toBeUndefined();
    const nulls = stripOptionalNulls(JSON.parse('{"constructor":null,"toString":null}'), schema);
    expect(Object.keys(nulls)).toEqual(['constructor', 'toString']);
  });
});
