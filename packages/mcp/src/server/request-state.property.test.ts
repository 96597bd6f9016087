import { describe, expect, test } from 'bun:test';
import type { PendingApproval } from '@armorer/core';
import fc from 'fast-check';
import { decodeRequestState, encodeRequestState, RequestStateError } from './request-state';

const pending = (argument: string) =>
  ({
    kind: 'approval',
    toolName: 'pay',
    executionId: 'exec-1',
    proposedCall: { id: 'call-1', name: 'pay', arguments: { memo: argument } },
    binding: { version: 3, payload: 'p', signature: 's' },
  }) as unknown as PendingApproval;

describe('requestState decoding', () => {
  test('every state armorer mints reads back as what was encoded', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (argument) => {
        expect(decodeRequestState(encodeRequestState(pending(argument)))).toEqual(pending(argument));
      }),
    );
  });

  test('any other spelling of a state is refused: appended characters, changed trailing bits, invalid UTF-8', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,3}$/),
        (argument, suffix) => {
          const state = encodeRequestState(pending(argument));
          const variant = `${state}${suffix}`;
          // A suffix can only be accepted if it re-encodes canonically, i.e. decodes to more bytes; then the
          // JSON no longer parses. Either way the variant never reads as the original.
          expect(() => decodeRequestState(variant)).toThrow(RequestStateError);
        },
      ),
    );
    const state = encodeRequestState(pending('x'));
    expect(() => decodeRequestState(`${state}x`)).toThrow(RequestStateError);
    expect(() => decodeRequestState(`armorer.v1.${Buffer.from([0xff, 0xfe]).toString('base64url')}`)).toThrow(
      RequestStateError,
    );
  });
});
