import { expectTypeOf, test } from 'bun:test';
import { createRequestGuard, type Refusal } from './index';

test('a refusal answers as a fetch Response without a cast, under exactOptionalPropertyTypes', () => {
  const refusal = createRequestGuard({ token: 'secret' }).check(new Headers({ host: 'localhost' }));
  if (refusal === undefined) return;
  // The documented answer: the refusal's status and headers are a ResponseInit as they are.
  const init: ResponseInit = { status: refusal.status, headers: refusal.headers };
  expectTypeOf(init).toMatchTypeOf<ResponseInit>();
  expectTypeOf<Refusal['headers']>().toEqualTypeOf<Readonly<Record<string, string>>>();
});
