import { createTool, createToolbox, type ToolMiddleware } from '@armorer/core';
import {
  createCacheMiddleware,
  createRateLimitMiddleware,
  createTimeoutMiddleware,
  createTruncationMiddleware,
  createUntrustedOutputFencingMiddleware,
} from '@armorer/middleware';
import { z } from 'zod';

/** One timed case: a call through a toolbox with some middleware, and the value it must produce. */
export interface MiddlewareCase {
  readonly key: string;
  readonly label: string;
  readonly run: () => Promise<unknown>;
  readonly check: (value: unknown) => boolean;
}

const input = z.object({ a: z.number(), b: z.number() });

function addTool(untrusted: boolean) {
  return createTool({
    name: 'add',
    description: 'Add two numbers',
    input,
    ...(untrusted ? { risk: { untrustedOutput: true } } : {}),
    async execute({ a, b }) {
      return untrusted ? `sum: ${a + b}` : a + b;
    },
  });
}

function runner(middleware: readonly ToolMiddleware[], untrusted = false) {
  const toolbox = createToolbox([addTool(untrusted)], { middleware });
  const call = { id: 'call-1', name: 'add', arguments: { a: 1, b: 2 } };
  return async () => (await toolbox.execute(call)).result;
}

const isThree = (value: unknown) => value === 3;

/** The cases, each measured against `baseline` (the same toolbox call without middleware). */
export function createMiddlewareCases(): readonly MiddlewareCase[] {
  const stack = () => [
    createCacheMiddleware({ ttlMs: 60_000 }),
    createRateLimitMiddleware({ limit: 1e9, windowMs: 60_000 }),
    createUntrustedOutputFencingMiddleware(),
    createTruncationMiddleware({ maxCharacters: 2000 }),
  ];
  return [
    { key: 'baseline', label: 'no middleware', run: runner([]), check: isThree },
    {
      key: 'untouched',
      label: 'fencing, unflagged tool (untouched)',
      run: runner([createUntrustedOutputFencingMiddleware()]),
      check: isThree,
    },
    {
      key: 'rateLimit',
      label: 'rate limit, under the limit',
      run: runner([createRateLimitMiddleware({ limit: 1e9, windowMs: 60_000 })]),
      check: isThree,
    },
    {
      key: 'cacheHit',
      label: 'cache hit',
      run: runner([createCacheMiddleware({ ttlMs: 60_000 })]),
      check: isThree,
    },
    {
      key: 'timeout',
      label: 'timeout (deadline queue, signal on demand)',
      run: runner([createTimeoutMiddleware(60_000)]),
      check: isThree,
    },
    {
      key: 'truncation',
      label: 'truncation, small result',
      run: runner([createTruncationMiddleware({ maxCharacters: 2000 })]),
      check: isThree,
    },
    {
      key: 'fencing',
      label: 'fencing, flagged tool (token + fence)',
      run: runner([createUntrustedOutputFencingMiddleware()], true),
      check: (value) => typeof value === 'string' && value.endsWith('>>>') && value.includes('\nsum: 3\n'),
    },
    {
      key: 'stack',
      label: 'spec stack (cache hit + rate limit + fencing + truncation)',
      run: runner(stack()),
      check: isThree,
    },
  ];
}
