import { expectTypeOf, test } from 'bun:test';
import { z } from 'zod';
import { createToolbox } from '../toolbox/public';
import type { MetadataNearMiss } from './metadata-check';
import { createTool, withContext } from './public';
import type { ToolConfig, ToolMetadata } from './types';

const base = { name: 'tool', description: 'A tool', execute: () => 1 } as const;

test('a misspelled known metadata key fails to compile, at the key', () => {
  // @ts-expect-error "mutate" is not a key armorer reads: did you mean "mutates"?
  createTool({ ...base, metadata: { mutate: true } });
  // @ts-expect-error wrong case
  createTool({ ...base, metadata: { readonly: true } });
  // @ts-expect-error separators
  createTool({ ...base, metadata: { read_only: true } });
  // @ts-expect-error an "is" prefix
  createTool({ ...base, metadata: { isDangerous: true } });
  // @ts-expect-error a transposition
  createTool({ ...base, metadata: { mutaets: true } });
  // @ts-expect-error two edits in a long key
  createTool({ ...base, metadata: { concurency: 2 } });
  // @ts-expect-error a misspelled key with a value of any type
  createTool({ ...base, metadata: { titel: 'Nice' } });
  createTool({
    ...base,
    // @ts-expect-error a typo next to correct keys is still reported
    metadata: { readOnly: true, dangerus: false, owner: 'team-a' },
  });
});

test('known keys are typed', () => {
  // @ts-expect-error mutates is a boolean
  createTool({ ...base, metadata: { mutates: 'yes' } });
  // @ts-expect-error concurrency is a number
  createTool({ ...base, metadata: { concurrency: '2' } });
  // @ts-expect-error timeoutMs is a number
  createTool({ ...base, metadata: { timeoutMs: '5' } });
  // @ts-expect-error openai.strict is a boolean
  createTool({ ...base, metadata: { openai: { strict: 'yes' } } });
  createTool({
    ...base,
    metadata: {
      mutates: true,
      dangerous: false,
      concurrency: 2,
      timeoutMs: 500,
      title: 'A tool',
      idempotent: true,
      openWorld: false,
      openai: { strict: true },
      outputSchema: z.object({ n: z.number() }),
    },
  });
});

test('free-form keys stay possible, including the spec examples', () => {
  createTool({ ...base, metadata: { requiresAuth: true, rateLimit: 100, capabilities: ['read'] } });
  createTool({ ...base, metadata: { tier: 'free', owner: 'team-data', cost: 1, sensitive: true } });
  createTool({ ...base, metadata: { currency: 'EUR', inputSchemaVersion: 2, category: 'billing' } });
  const tool = createTool({ ...base, metadata: { readOnly: true, region: 'eu' } });
  expectTypeOf(tool.metadata).toEqualTypeOf<ToolMetadata | undefined>();
});

test('metadata held in a variable, in a ToolConfig, or through withContext', () => {
  const shared: ToolMetadata = { readOnly: true, requiresAuth: true };
  createTool({ ...base, metadata: shared });
  const config: ToolConfig<'configured'> = {
    name: 'configured',
    description: 'A tool',
    metadata: { mutates: true, owner: 'team-a' },
    execute: () => 1,
  };
  createTool(config);
  const withUser = withContext({ userId: 'u1' });
  withUser({ ...base, metadata: { readOnly: true, tier: 'free' } });
  // @ts-expect-error the same check through withContext
  withUser({ ...base, metadata: { mutate: true } });
});

test('the near-miss rule', () => {
  expectTypeOf<MetadataNearMiss<'mutate'>>().toEqualTypeOf<'mutates'>();
  expectTypeOf<MetadataNearMiss<'ReadOnly'>>().toEqualTypeOf<'readOnly'>();
  expectTypeOf<MetadataNearMiss<'outputschema'>>().toEqualTypeOf<'outputSchema'>();
  expectTypeOf<MetadataNearMiss<'idempotency'>>().toEqualTypeOf<'idempotent'>();
  expectTypeOf<MetadataNearMiss<'mutates'>>().toEqualTypeOf<never>();
  expectTypeOf<MetadataNearMiss<'tier'>>().toEqualTypeOf<never>();
  expectTypeOf<MetadataNearMiss<'currency'>>().toEqualTypeOf<never>();
  expectTypeOf<MetadataNearMiss<'inputSchema'>>().toEqualTypeOf<never>();
});

test("readOnly takes a boolean or 'declared'", () => {
  createToolbox([], { readOnly: 'declared' });
  createToolbox([], { readOnly: true });
  // @ts-expect-error only 'declared' is a mode
  createToolbox([], { readOnly: 'strict' });
});
