import {
  type AnyTool,
  type BatchExecuteOptions,
  isToolbox,
  type ResultOfTool,
  type ResumeApprovalOptions,
  type Toolbox,
  type ToolboxCall,
  type ToolCall,
  type ToolLike,
  type ToolResult,
} from '@armorer/core';
import { Engine } from './engine';
import type { IdempotencyOptions } from './options';
import { refusedResult } from './refused-result';
import type { ResumableToolbox } from './resume-approval';
import { CallTicket } from './ticket';
import type { IdempotentExecuteOptions, IdempotentResumedToolResult, IdempotentToolResult } from './types';

/** Options of {@link withToolboxIdempotency}. */
export type ToolboxIdempotencyOptions = IdempotencyOptions;

/**
 * A toolbox whose calls are idempotent: everything of the toolbox it wraps, with `execute` accepting
 * `idempotencyKey`, `resolutionReceipt` and `legacyResolutionReceipt` and answering `result.idempotency`.
 */
export interface IdempotentToolbox<
  TTools extends ToolLike = AnyTool,
  TContext extends object = Record<string, unknown>,
> extends Omit<Toolbox<TTools, TContext>, 'execute' | 'resumeApproval'> {
  /** The toolbox this one wraps (its calls are not idempotent). */
  readonly toolbox: Toolbox<TTools, TContext>;
  execute<TName extends TTools['name']>(
    call: ToolboxCall<TName>,
    options?: IdempotentExecuteOptions,
  ): Promise<IdempotentToolResult<ResultOfTool<TTools, TName>>>;
  execute(call: ToolboxCall, options?: IdempotentExecuteOptions): Promise<IdempotentToolResult>;
  /** A batch: keys come from the tools (`idempotencyKey`), receipts and caller keys are per call only. */
  execute(calls: readonly ToolboxCall[], options?: BatchExecuteOptions): Promise<IdempotentToolResult[]>;
  /**
   * Resumes a call that paused for approval, through the same idempotency layer as `execute`, under the
   * key the paused call carried (its caller's key, or the one derived from the arguments it paused with):
   * the approved side effect is recorded under it, so the task redelivered later is `deduped`. Pass no
   * `idempotencyKey`: the key comes from the record the pause left in the cache.
   */
  resumeApproval(descriptor: unknown, options: ResumeApprovalOptions): Promise<IdempotentResumedToolResult>;
}

/**
 * Wraps a toolbox so that a retried side effect happens once. Each call is checked against the
 * wrapper's tenant before anything is read; it then runs through the toolbox as usual (validation,
 * policy, gates) and, right before the implementation, claims its key: the first call runs the tool
 * (`fresh`), later ones get the recorded result (`deduped`, after `beforeExecute` ran again), an attempt
 * that started and recorded nothing answers `unknown-outcome`, and a result recorded under another
 * `policyRevision` answers `authorization-required`. A call that pauses for approval records the key it
 * carried, and `resumeApproval` runs the approved call through the same layer under that key.
 *
 * @example
 * ```ts
 * const cache = createToolResultCache({ store: new Map() });
 * const idempotent = withToolboxIdempotency(createToolbox([chargeCard], { policyRevision: 'p1' }), {
 *   cache,
 *   tenantId: 'tenant-1',
 * });
 * const result = await idempotent.execute(
 *   { id: 'call-1', name: 'charge-card', arguments: { cents: 2500 } },
 *   { idempotencyKey: 'workflow-7/step-3', requestContext: { authority: { tenantId: 'tenant-1' } } },
 * );
 * result.idempotency?.outcome; // 'fresh', then 'deduped' on a retry
 * ```
 */
export function withToolboxIdempotency<TTools extends ToolLike, TContext extends object>(
  toolbox: Toolbox<TTools, TContext>,
  options: ToolboxIdempotencyOptions,
): IdempotentToolbox<TTools, TContext> {
  if (!isToolbox(toolbox))
    throw new TypeError('withToolboxIdempotency() expects a toolbox made by createToolbox().');
  const engine = new Engine(options);
  const wrapper = delegateTo(toolbox as unknown as object);
  const inner = toolbox as unknown as ResumableToolbox & {
    execute(input: unknown, options?: unknown): Promise<ToolResult | ToolResult[]>;
  };

  const executeOne = (call: ToolCall, input: IdempotentExecuteOptions | undefined) => {
    const callOptions = engine.pinned(input);
    // The name is read once: a call is passed through untouched only as the tool it was checked for.
    const name = call?.name;
    const refusal = engine.refusal(String(name), callOptions);
    if (refusal !== undefined) return Promise.resolve(refusedResult(call, callOptions, refusal));
    const tool = typeof name === 'string' ? inner.getTool(name) : undefined;
    if (!engine.mayUseCache(callOptions, tool?.configuration)) {
      return inner.execute({ ...call, name }, callOptions);
    }
    // The interceptor marks the result (`idempotency`) as the pipeline builds it: no reaction of our own.
    const ticket = new CallTicket(callOptions, false);
    return inner.execute(call, engine.intercepted(callOptions, input, ticket)) as Promise<
      IdempotentToolResult<unknown>
    >;
  };

  const executeBatch = async (calls: readonly ToolCall[], input: IdempotentExecuteOptions | undefined) => {
    const batchOptions = engine.pinned(input);
    if (
      batchOptions?.idempotencyKey !== undefined ||
      batchOptions?.resolutionReceipt !== undefined ||
      batchOptions?.legacyResolutionReceipt !== undefined
    ) {
      throw new TypeError(
        'idempotencyKey and resolution receipts name one call: execute that call on its own, not in a batch.',
      );
    }
    const refusal = engine.refusal('(batch)', batchOptions);
    if (refusal !== undefined) return calls.map((call) => refusedResult(call, batchOptions, refusal));
    const ticket = new CallTicket(batchOptions, true);
    // Each call's result is marked as the pipeline builds it (see Engine.interceptor).
    return (await inner.execute(
      calls,
      engine.intercepted(batchOptions, input, ticket),
    )) as IdempotentToolResult<unknown>[];
  };

  Object.defineProperties(wrapper, {
    toolbox: { value: toolbox, enumerable: false },
    execute: {
      value: (input: unknown, callOptions?: IdempotentExecuteOptions) =>
        Array.isArray(input) ? executeBatch(input, callOptions) : executeOne(input as ToolCall, callOptions),
    },
    resumeApproval: {
      // Loaded with the first resume (it reads approval bindings): execute never pays for it.
      value: (descriptor: unknown, options: ResumeApprovalOptions) =>
        import('./resume-approval').then((module) =>
          module.resumeWithIdempotency(engine, inner, descriptor, options),
        ),
    },
    register: {
      value: (...tools: unknown[]) => {
        (toolbox.register as (...items: unknown[]) => unknown)(...tools);
        return wrapper;
      },
    },
  });
  return wrapper as unknown as IdempotentToolbox<TTools, TContext>;
}

/**
 * An object exposing every method and getter of `target` (own and inherited, up to Object.prototype),
 * bound to it: private class fields of the target keep working, and members added to toolboxes later
 * are delegated without a list to maintain.
 */
function delegateTo(target: object): object {
  const wrapper: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (
    let source: object | null = target;
    source !== null && source !== Object.prototype;
    source = Object.getPrototypeOf(source)
  ) {
    // String keys only: the toolbox marker symbol stays off, so `isToolbox(wrapper)` is honestly false
    // (satellites that read toolbox internals take `wrapper.toolbox`).
    for (const name of Object.getOwnPropertyNames(source)) {
      if (name === 'constructor' || seen.has(name)) continue;
      seen.add(name);
      const descriptor = Object.getOwnPropertyDescriptor(source, name) as PropertyDescriptor;
      if (descriptor.get !== undefined) {
        Object.defineProperty(wrapper, name, { get: () => Reflect.get(target, name), configurable: true });
      } else if (typeof descriptor.value === 'function') {
        Object.defineProperty(wrapper, name, {
          value: (descriptor.value as (...args: unknown[]) => unknown).bind(target),
          configurable: true,
        });
      } else {
        Object.defineProperty(wrapper, name, {
          get: () => Reflect.get(target, name),
          enumerable: true,
          configurable: true,
        });
      }
    }
  }
  return wrapper;
}
