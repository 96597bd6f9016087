import {
  createToolError,
  EXECUTION_INTERCEPTOR,
  type ExecutionInterceptor,
  freezeRequestContext,
  type InterceptedInvocation,
  type PausedInvocation,
  type RequestContext,
  type ToolConfiguration,
  type ToolError,
  withExecutionInterceptor,
} from '@armorer/core';
import { composeCacheKey, isKeyText, MAX_KEY_LENGTH } from '../keys/cache-key';
import { interceptCall } from './attempt';
import { LeaseKeeper } from './lease-keeper';
import { type IdempotencyOptions, type ResolvedIdempotencyOptions, resolveOptions } from './options';
import type { CallTicket } from './ticket';
import type { IdempotentExecuteOptions } from './types';

/** The state one idempotent wrapper (a tool or a toolbox) shares across its calls. */
export class Engine {
  readonly options: ResolvedIdempotencyOptions;
  readonly leases: LeaseKeeper;
  /** Per tool configuration: its full revision and the key prefix (tenant, revision, name). */
  readonly #scopes = new WeakMap<ToolConfiguration, KeyScope>();

  constructor(options: IdempotencyOptions) {
    this.options = resolveOptions(options);
    this.leases = new LeaseKeeper(this.options.cache, this.options.now, this.options.leaseMs);
  }

  /**
   * The call options with their request context frozen once (each getter read once, as the pipeline
   * would): the tenant {@link refusal} checks is then the one validation, policy and the tool see.
   */
  pinned<T extends IdempotentExecuteOptions>(options: T | undefined): T | undefined {
    const context = options?.requestContext;
    if (typeof context !== 'object' || context === null) return options;
    let frozen: RequestContext;
    try {
      frozen = freezeRequestContext(context);
    } catch {
      // Unreadable: passed on without it, so refusal() finds no tenant and refuses the call.
      return { ...options, requestContext: undefined } as unknown as T;
    }
    return frozen === context ? options : ({ ...options, requestContext: frozen } as T);
  }

  /**
   * Why a call may not touch this wrapper's state, checked before anything is read: its request
   * authority must name this wrapper's tenant, and its key and receipts must have the right shape.
   */
  refusal(toolName: string, options: IdempotentExecuteOptions | undefined): ToolError | undefined {
    const tenantId = tenantOf(options?.requestContext);
    if (tenantId !== this.options.tenantId) {
      const message =
        tenantId === undefined
          ? `Tool "${toolName}" was refused: an idempotent call needs request authority naming its tenant.`
          : `Tool "${toolName}" was refused: the request's tenant does not match this idempotent toolbox.`;
      return createToolError('IDEMPOTENCY_AUTHORITY_MISMATCH', message, { retryable: false });
    }
    const key = options?.idempotencyKey;
    if (key !== undefined && !isKeyText(key)) {
      return createToolError(
        'INVALID_TOOL_CALL',
        `Tool "${toolName}" was refused: idempotencyKey must be a non-empty string of at most ${MAX_KEY_LENGTH} characters, without lone surrogates.`,
      );
    }
    return undefined;
  }

  /** Whether a call can use the cache at all; when not, it runs untouched (and costs nothing more). */
  mayUseCache(
    options: IdempotentExecuteOptions | undefined,
    configuration: ToolConfiguration | undefined,
  ): boolean {
    return (
      !this.options.requireExplicitKey ||
      configuration === undefined ||
      configuration.idempotencyKey !== undefined ||
      options?.idempotencyKey !== undefined ||
      options?.resolutionReceipt !== undefined ||
      options?.legacyResolutionReceipt !== undefined
    );
  }

  /** The tenant, full tool revision and tool name part of every key of one tool, computed once. */
  scopeOf(invocation: InterceptedInvocation): KeyScope {
    const configuration = invocation.configuration;
    let scope = this.#scopes.get(configuration);
    if (scope === undefined) {
      const toolRevision = invocation.toolRevision;
      const prefix = composeCacheKey(this.options.tenantId, toolRevision, configuration.name, '');
      scope = new KeyScope(toolRevision, prefix);
      this.#scopes.set(configuration, scope);
    }
    return scope;
  }

  /**
   * The options of a call (or batch) that goes through the cache, carrying its interceptor. `pinned` came
   * from {@link pinned}: when that is a copy (it froze the request context), the copy is this wrapper's own
   * and gains the interceptor in place; otherwise it is copied once here.
   */
  intercepted<T extends IdempotentExecuteOptions>(
    pinned: T | undefined,
    given: T | undefined,
    ticket: CallTicket,
  ): T {
    const intercept = this.interceptor(ticket);
    if (pinned === undefined || pinned === given) return withExecutionInterceptor(pinned, intercept) as T;
    (pinned as Record<symbol, unknown>)[EXECUTION_INTERCEPTOR] = intercept;
    return pinned;
  }

  /**
   * The interceptor of one call (or batch): it answers from the cache, marks each result it answered, and
   * records the key of a call that pauses for approval (`onPause`, one function shared by every call: it
   * reads the ticket from the interceptor it is called on), so its resume uses the same key.
   */
  interceptor(ticket: CallTicket): ExecutionInterceptor {
    const intercept = ((invocation) => interceptCall(this, ticket, invocation)) as TicketedInterceptor;
    intercept.onResult = (result) => {
      ticket.attach(result);
    };
    intercept.ticket = ticket;
    intercept.onPause = this.#onPause;
    return intercept;
  }

  /** One `onPause` for every interceptor of this engine (no closure per call). */
  readonly #onPause = pauseRecorder(this);
}

/** An interceptor carrying its call's ticket, for the shared `onPause`. */
type TicketedInterceptor = ExecutionInterceptor & { ticket: CallTicket };

/** The `onPause` of an engine's interceptors: called as their method, it reads the ticket from `this`. */
function pauseRecorder(engine: Engine) {
  return function onPause(this: TicketedInterceptor, paused: PausedInvocation): Promise<void> {
    const ticket = this.ticket;
    // Loaded with the first pause: a call that never pauses never pays for it.
    return import('./pause-record').then((module) => module.recordPause(engine, ticket, paused));
  };
}

/**
 * The fixed part of the keys of one tool, and the full key of the last call: a retry that follows its
 * first call hands the store the same (already hashed) string instead of a new long one.
 */
export class KeyScope {
  #lastKey = '';
  #lastFull = '';

  constructor(
    readonly toolRevision: string,
    readonly prefix: string,
  ) {}

  /** The cache key of a caller or derived key. */
  keyOf(key: string): string {
    if (key === this.#lastKey && this.#lastFull !== '') return this.#lastFull;
    const full = this.prefix + key;
    this.#lastKey = key;
    this.#lastFull = full;
    return full;
  }
}

function tenantOf(context: RequestContext | undefined): string | undefined {
  try {
    const tenantId = stableRead(stableRead(context, 'authority'), 'tenantId');
    return typeof tenantId === 'string' ? tenantId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `object[name]` when every read answers the same. A plain object here is the pipeline's frozen copy
 * (data properties only); a class instance, which that copy keeps as it is, counts only through a data
 * property (own or inherited): an accessor could name this tenant here and another one to the policy.
 */
function stableRead(object: unknown, name: string): unknown {
  if (typeof object !== 'object' || object === null) return undefined;
  const prototype: unknown = Object.getPrototypeOf(object);
  if (prototype === Object.prototype || prototype === null) return (object as Record<string, unknown>)[name];
  for (let source: object | null = object; source !== null; source = Object.getPrototypeOf(source)) {
    const descriptor = Object.getOwnPropertyDescriptor(source, name);
    if (descriptor !== undefined) return 'value' in descriptor ? descriptor.value : undefined;
  }
  return undefined;
}
