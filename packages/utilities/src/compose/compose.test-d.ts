import { expectTypeOf, test } from 'bun:test';
import { createTool, type ToolResult } from '@armorer/core';
import { z } from 'zod';
import { bind } from '../bind/bind';
import { parallel } from '../parallel/parallel';
import { pipe } from '../pipe/pipe';
import { postprocess } from '../postprocess/postprocess';
import { preprocess } from '../preprocess/preprocess';
import { retry } from '../retry/retry';
import { tap } from '../tap/tap';
import { when } from '../when/when';
import type { InferToolInput, InferToolOutput, InferToolParams } from './types';

const parseNumber = createTool({
  name: 'parse-number',
  description: 'Parse',
  input: z.object({ str: z.string() }),
  execute: async ({ str }) => ({ value: Number(str) }),
});
const double = createTool({
  name: 'double',
  description: 'Double',
  input: z.object({ value: z.number() }),
  execute: async ({ value }) => ({ value: value * 2 }),
});
const stringify = createTool({
  name: 'stringify',
  description: 'Format',
  input: z.object({ value: z.number(), prefix: z.string().default('Result') }),
  execute: async ({ value, prefix }) => `${prefix}: ${value}`,
});
const sendEmail = createTool({
  name: 'send-email',
  description: 'Send',
  input: z.object({ to: z.string(), subject: z.string(), body: z.string() }),
  execute: async () => ({ sent: true as const }),
});
const tokens = createTool({
  name: 'tokens',
  description: 'Streams',
  input: z.object({ str: z.string() }),
  async *execute({ str }) {
    yield str;
  },
});

test('inference helpers read a tool input, params and output', () => {
  expectTypeOf<InferToolInput<typeof stringify>>().toEqualTypeOf<{
    value: number;
    prefix?: string | undefined;
  }>();
  expectTypeOf<InferToolParams<typeof stringify>>().toEqualTypeOf<{ value: number; prefix: string }>();
  expectTypeOf<InferToolOutput<typeof stringify>>().toEqualTypeOf<string>();
  expectTypeOf<InferToolOutput<typeof tokens>>().toEqualTypeOf<string[]>();
});

test('pipe: input of the first step, output of the last, each link checked', () => {
  const pipeline = pipe(parseNumber, double, stringify);
  expectTypeOf(pipeline).parameter(0).toEqualTypeOf<{ str: string }>();
  expectTypeOf(pipeline({ str: '1' })).toEqualTypeOf<Promise<string>>();
  expectTypeOf(pipeline.execute({ name: 'x', arguments: {} })).toEqualTypeOf<Promise<ToolResult<string>>>();
  expectTypeOf(pipe(parseNumber, double, { name: 'n' })({ str: '1' })).toEqualTypeOf<
    Promise<{ value: number }>
  >();
  // @ts-expect-error parse-number returns { value }, double needs { value: number }, but stringify returns a string
  pipe(parseNumber, stringify, double);
  // @ts-expect-error double does not accept { str }
  pipe(double, parseNumber);
  // @ts-expect-error the composed input is the first step's
  void pipeline({ value: 1 });
  expectTypeOf(
    pipe(parseNumber, double, double, double, double, double, double, stringify, { name: 'eight' }),
  ).returns.toEqualTypeOf<Promise<string>>();
  // @ts-expect-error parse-number does not accept the { value } double returns, options given or not
  pipe(parseNumber, double, parseNumber, { name: 'x' });
  // @ts-expect-error a pipe needs two tools
  pipe(parseNumber);
  // @ts-expect-error a pipe takes at most eight tools
  pipe(parseNumber, double, double, double, double, double, double, double, stringify);
});

test('bind: bound keys leave the input; unknown keys and wrong types are refused', () => {
  const alert = bind(sendEmail, { to: 'alerts@example.com' });
  expectTypeOf(alert).parameter(0).toEqualTypeOf<{ subject: string; body: string }>();
  expectTypeOf(alert({ subject: 's', body: 'b' })).toEqualTypeOf<Promise<{ sent: true }>>();
  // @ts-expect-error cc is not an input of send-email
  bind(sendEmail, { cc: 'x' });
  // @ts-expect-error to must be a string
  bind(sendEmail, { to: 42 });
});

test('parallel: merged input, tuple of outputs', () => {
  const both = parallel(parseNumber, stringify);
  expectTypeOf(both)
    .parameter(0)
    .toEqualTypeOf<{ str: string; value: number; prefix?: string | undefined }>();
  expectTypeOf(both({ str: '1', value: 1 })).toEqualTypeOf<Promise<[{ value: number }, string]>>();
  expectTypeOf(parallel([double, stringify], { name: 'both' })({ value: 1 })).toEqualTypeOf<
    Promise<[{ value: number }, string]>
  >();
  const [first, second] = [] as unknown as Awaited<
    ReturnType<ReturnType<typeof parallel<[typeof double, typeof double]>>>
  >;
  expectTypeOf(first).toEqualTypeOf<{ value: number }>();
  expectTypeOf(second).toEqualTypeOf<{ value: number }>();
});

test('retry, tap and postprocess keep or map the output', () => {
  expectTypeOf(retry(double, { attempts: 2 })({ value: 1 })).toEqualTypeOf<Promise<{ value: number }>>();
  tap(double, (output, params) => {
    expectTypeOf(output).toEqualTypeOf<{ value: number }>();
    expectTypeOf(params).toEqualTypeOf<{ value: number }>();
  });
  const formatted = postprocess(double, async ({ value }) => value.toFixed(2));
  expectTypeOf(formatted({ value: 1 })).toEqualTypeOf<Promise<string>>();
});

test('preprocess: a new input schema, or the tool input rewritten', () => {
  const fromStrings = preprocess(double, ({ raw }) => ({ value: Number(raw) }), {
    input: z.object({ raw: z.string() }),
  });
  expectTypeOf(fromStrings).parameter(0).toEqualTypeOf<{ raw: string }>();
  expectTypeOf(fromStrings({ raw: '2' })).toEqualTypeOf<Promise<{ value: number }>>();
  const clamped = preprocess(double, ({ value }) => ({ value: Math.min(value, 10) }));
  expectTypeOf(clamped).parameter(0).toEqualTypeOf<{ value: number }>();
  // @ts-expect-error the mapper must produce the tool input
  preprocess(double, ({ value }) => ({ amount: value }));
});

test('when: union of branch outputs, or the params when there is no other branch', () => {
  const halve = createTool({
    name: 'halve',
    description: 'Halve',
    input: z.object({ value: z.number() }),
    execute: async ({ value }) => value / 2,
  });
  const branch = when(({ value }) => value > 10, double, halve);
  expectTypeOf(branch({ value: 1 })).toEqualTypeOf<Promise<{ value: number } | number>>();
  const maybe = when(({ value }) => value > 10, halve);
  expectTypeOf(maybe({ value: 1 })).toEqualTypeOf<Promise<number | { value: number }>>();
  // @ts-expect-error the otherwise branch must accept the then branch's input
  when(() => true, double, parseNumber);
});
