import { describe, expect, test } from 'bun:test';
import { stripOptionalNulls } from './strip-nulls';

const schema = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    units: { type: 'string', enum: ['c', 'f'] },
    note: { type: ['string', 'null'] },
    filter: {
      type: 'object',
      properties: { from: { type: 'string' }, to: { type: 'string' } },
      required: ['from'],
    },
    stops: { type: 'array', items: { $ref: '#/$defs/stop' } },
    choice: { anyOf: [{ type: 'object', properties: { x: { type: 'number' } } }, { type: 'string' }] },
  },
  required: ['city'],
  $defs: { stop: { type: 'object', properties: { name: { type: 'string' }, minutes: { type: 'integer' } } } },
};

describe('stripOptionalNulls', () => {
  test('removes nulls of optional fields that do not accept null, at any depth', () => {
    expect(
      stripOptionalNulls(
        {
          city: 'Oslo',
          units: null,
          note: null,
          filter: { from: null, to: null },
          stops: [{ name: 'A', minutes: null }, { name: null }],
          choice: { x: null },
        },
        schema,
      ),
    ).toEqual({
      city: 'Oslo',
      note: null,
      filter: { from: null },
      stops: [{ name: 'A' }, {}],
      choice: {},
    });
  });

  test('leaves required nulls and unknown keys for validation to judge', () => {
    expect(stripOptionalNulls({ city: null, extra: null }, schema)).toEqual({ city: null, extra: null });
    expect(stripOptionalNulls({ city: 'x', choice: 'text' }, schema)).toEqual({ city: 'x', choice: 'text' });
  });
});
