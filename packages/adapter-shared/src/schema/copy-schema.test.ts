import { describe, expect, test } from 'bun:test';
import { WarningCollector } from '../conversion/warnings';
import { copySchema, dropAtTopLevel } from './copy-schema';

describe('dropAtTopLevel', () => {
  test('leaves the forbidden keywords out at the top level only, and reports them', () => {
    const collector = new WarningCollector('anthropic', 'either');
    const copy = copySchema(
      {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }], $comment: 'x' } },
        anyOf: [{ required: ['a'] }],
        not: { required: ['b'] },
      },
      dropAtTopLevel(new Set(['anyOf'])),
      collector,
    );
    expect(copy).toEqual({
      type: 'object',
      properties: { a: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
      not: { required: ['b'] },
    });
    expect(collector.warnings.map((warning) => [warning.code, warning.keyword, warning.path])).toEqual([
      ['UNSUPPORTED_KEYWORD', 'anyOf', ''],
    ]);
  });
});
