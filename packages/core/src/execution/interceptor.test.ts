import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { createToolError } from '../errors/create-tool-error';
import { ToolFailureError } from '../errors/tool-call-error';
import { createMiddleware } from '../middleware/create-middleware';
import { createTool } from '../tool/public';
import { getToolRevision } from '../tool/tool-revision';
import { createToolbox } from '../toolbox/public';
import {
  type ExecutionInterceptor,
  type InterceptedInvocation,
  withExecutionInterceptor,
} from './interceptor';

const add = () =>
  createTool({
    name: 'add',
    description: 'Add',
    input: z.object({ a: z.number(), b: z.number() }),
    idempotencyKey: (params) => `${params.a}+${params.b}`,
    execute: ({ a, b }) => a + b,
  });

describe('execution interceptors', () => {
  test('stand in front of the implementation after validation and policy, with the call and revisions', async () => {
    const order: string[] = [];
    const tool = add();
    const toolbox = createToolbox([tool], {
      policyRevision: 'policy-7',
      policy: { beforeExecute: () => void order.push('policy') },
    });
    let seen: InterceptedInvocation | undefined;
    const call = { id: 'c1', name: 'add', arguments: '{"a":1,"b":2}' };
    const result = await toolbox.execute(
      call,
      withExecutionInterceptor({}, (invocation) => {
        order.push('interceptor');
        seen = invocation;
        return (invocation.proceed() as number) * 10;
      }),
    );
    expect(result.result).toBe(30);
    expect(order).toEqual(['policy', 'interceptor']);
    expect(seen?.call).toBe(call);
    expect(seen?.params).toEqual({ a: 1, b: 2 });
    expect(seen?.policyRevision).toBe('policy-7');
    expect(seen?.toolRevision).toBe(getToolRevision(tool));
    expect(seen?.context.executionId).toBe(result.executionId as string);
  });

  test('what an interceptor throws ends the call like the implementation would; invalid calls never reach it', async () => {
    const toolbox = createToolbox([add()]);
    let reached = 0;
    const failing = withExecutionInterceptor(undefined, () => {
      reached++;
      throw new ToolFailureError(
        createToolError('IDEMPOTENCY_UNKNOWN_OUTCOME', 'unknown', { retryable: false }),
      );
    });
    const failed = await toolbox.execute({ name: 'add', arguments: { a: 1, b: 2 } }, failing);
    expect(failed.error).toMatchObject({
      code: 'IDEMPOTENCY_UNKNOWN_OUTCOME',
      category: 'execution',
      retryable: false,
    });
    const invalid = await toolbox.execute({ name: 'add', arguments: { a: 'x' } }, failing);
    expect(invalid.error?.code).toBe('INVALID_ARGUMENTS');
    expect(reached).toBe(1);
    expect(() => withExecutionInterceptor({}, 'nope' as never)).toThrow(TypeError);
  });

  test('batches carry the interceptor to every call; plain calls never see it', async () => {
    const tool = add();
    const toolbox = createToolbox([tool]);
    const names: string[] = [];
    const results = await toolbox.execute(
      [
        { name: 'add', arguments: { a: 1, b: 1 } },
        { name: 'add', arguments: { a: 2, b: 2 } },
      ],
      withExecutionInterceptor({ concurrency: 1 }, (invocation) => {
        names.push(invocation.call.arguments === undefined ? '' : JSON.stringify(invocation.params));
        return invocation.proceed();
      }),
    );
    expect(results.map((result) => result.result)).toEqual([2, 4]);
    expect(names).toHaveLength(2);
    expect((await tool.execute({ a: 3, b: 3 })) as number).toBe(6);
    expect(names).toHaveLength(2);
  });
});

describe('the idempotencyKey option of createTool', () => {
  test('is kept on the configuration, through middleware, and refused when not a function', () => {
    const tool = add();
    expect(tool.configuration.idempotencyKey?.({ a: 1, b: 2 })).toBe('1+2');
    const logged = createMiddleware((configuration) => ({ description: `${configuration.description}!` }));
    const toolbox = createToolbox([tool], { middleware: [logged] });
    expect(toolbox.getTool('add')?.configuration.idempotencyKey?.({ a: 3, b: 4 })).toBe('3+4');
    expect(getToolRevision(toolbox.getTool('add') as never)).not.toBe(getToolRevision(tool));
    expect(() =>
      createTool({ name: 'x', description: 'x', idempotencyKey: 'orderId' as never, execute: () => 1 }),
    ).toThrow(/idempotencyKey/);
    expect(
      createTool({ name: 'y', description: 'y', execute: () => 1 }).configuration.idempotencyKey,
    ).toBeUndefined();
    expect(() => getToolRevision({} as never)).toThrow(TypeError);
  });
});

describe('interceptors and the waiting stages', () => {
  test('a call with an interceptor cancelled right after it starts ends cancelled, loaded stage or not', async () => {
    for (let round = 0; round < 2; round++) {
      const controller = new AbortController();
      let ran = 0;
      const toolbox = createToolbox([
        createTool({
          name: 'wait',
          description: 'Waits',
          input: z.object({}),
          execute: () => new Promise((resolve) => setTimeout(resolve, 50)),
        }),
      ]);
      const pending = toolbox.execute(
        { id: `c${round}`, name: 'wait', arguments: {} },
        withExecutionInterceptor({ signal: controller.signal }, (invocation) => {
          ran++;
          return invocation.proceed();
        }),
      );
      controller.abort('stop');
      const result = await pending;
      expect(result.outcome).toBe('cancelled');
      expect(result.error?.code).toBe('CANCELLED');
      expect(ran).toBeLessThanOrEqual(1);
    }
  });
});

describe('an interceptor that marks results (onResult)', () => {
  test('sees every result of its calls once, before the caller and the settled listeners do', async () => {
    const toolbox = createToolbox([add()]);
    const marked: unknown[] = [];
    const intercept: ExecutionInterceptor = (invocation) => invocation.proceed();
    intercept.onResult = (result) => {
      marked.push(result.callId);
      (result as { mark?: string }).mark = `seen ${result.outcome}`;
    };
    const settled: unknown[] = [];
    toolbox.addEventListener('settled', (event) => {
      settled.push((event.detail as { result: { mark?: string } }).result.mark);
    });
    const options = withExecutionInterceptor({}, intercept);
    const ok = await toolbox.execute({ id: 'ok', name: 'add', arguments: { a: 1, b: 2 } }, options);
    const invalid = await toolbox.execute({ id: 'bad', name: 'add', arguments: { a: 'x' } }, options);
    const batch = await toolbox.execute(
      [
        { id: 'b1', name: 'add', arguments: { a: 1, b: 1 } },
        { id: 'b2', name: 'add', arguments: { a: 2, b: 2 } },
      ],
      options,
    );
    // A call refused before it exists (an unknown tool) has no execution: nothing to mark.
    const unknown = await toolbox.execute({ id: 'nope', name: 'missing', arguments: {} }, options);
    expect((ok as { mark?: string }).mark).toBe('seen success');
    expect((invalid as { mark?: string }).mark).toBe('seen error');
    expect(batch.map((result) => (result as { mark?: string }).mark)).toEqual([
      'seen success',
      'seen success',
    ]);
    expect((unknown as { mark?: string }).mark).toBeUndefined();
    expect(marked).toEqual(['ok', 'bad', 'b1', 'b2']);
    expect(settled).toEqual(['seen success', 'seen error', 'seen success', 'seen success']);
  });
});

describe('the invocation context', () => {
  test('is one object, the context the implementation receives', async () => {
    let received: unknown;
    const tool = createTool({
      name: 'ctx',
      description: 'Reads its context',
      input: z.object({}),
      execute: (_params, context) => {
        received = context;
        return context.executionId;
      },
    });
    const toolbox = createToolbox([tool]);
    const seen: unknown[] = [];
    const result = await toolbox.execute(
      { id: 'c1', name: 'ctx', arguments: {} },
      withExecutionInterceptor({}, (invocation) => {
        seen.push(invocation.context, invocation.context);
        return invocation.proceed();
      }),
    );
    expect(seen[0]).toBe(seen[1]);
    expect(received).toBe(seen[0]);
    expect(result.result).toBe(result.executionId);
    // An interceptor may answer without running the tool at all.
    const cached = await toolbox.execute(
      { id: 'c2', name: 'ctx', arguments: {} },
      withExecutionInterceptor({}, () => 'from cache'),
    );
    expect(cached.result).toBe('from cache');
  });
});
