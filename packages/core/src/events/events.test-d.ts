import { expectTypeOf, test } from 'bun:test';
import type { ToolEventMap } from './types';

test('policy-action-required carries the execution identity it has at run time', () => {
  type Event = ToolEventMap['policy-action-required'];
  expectTypeOf<Event['executionId']>().toEqualTypeOf<string>();
  expectTypeOf<Event['ownerId']>().toEqualTypeOf<string | undefined>();
  expectTypeOf<Event['toolName']>().toEqualTypeOf<string>();
  expectTypeOf<Event['callId']>().toEqualTypeOf<string>();
});
