import type { Toolbox, ToolResult } from '@armorer/core';
import { type IdempotentToolbox, type ToolResultCache, withToolboxIdempotency } from '@armorer/idempotency';
import { taskScopeOf, withTaskTenant } from '../tasks/task-scope';
import type { McpCallOptions } from './types';

/** The `_meta` key of a `tools/call`'s idempotency key. */
export const IDEMPOTENCY_KEY_META = 'armorer/idempotencyKey';

/** The longest idempotency key a client may send. */
const MAX_KEY_LENGTH = 512;
/** How many tenants' wrappers one toolbox keeps (a flood of tenants starts the list again). */
const MAX_TENANTS = 1000;

/** The idempotency key a client put in a request's `_meta`, when it is a usable one. */
export function idempotencyKeyOf(meta: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const key = meta?.[IDEMPOTENCY_KEY_META];
  return typeof key === 'string' && key.length > 0 && key.length <= MAX_KEY_LENGTH ? key : undefined;
}

/**
 * Calls through the idempotency layer (`withToolboxIdempotency` over the server's `cache`), one wrapper
 * per toolbox and tenant: a task's run under the task's key, and a `tools/call` that carries
 * `_meta['armorer/idempotencyKey']` under that key and the caller's principal. A retried call with the
 * same key never runs twice: it is answered with the recorded result, or as `unknown-outcome` while (or
 * after) an attempt that recorded nothing ran.
 */
export class IdempotentCalls {
  readonly #wrappers = new WeakMap<Toolbox, Map<string, IdempotentToolbox>>();

  constructor(
    readonly cache: ToolResultCache,
    private readonly leaseMs: number,
    private readonly maxLeaseMs: number,
  ) {}

  /** Runs `call` under `key` (already scoped by the caller), in the tenant of its options. */
  execute(
    toolbox: Toolbox,
    call: { readonly id: string; readonly name: string; readonly arguments: unknown },
    options: McpCallOptions,
    signal: AbortSignal,
    key: string,
  ): Promise<ToolResult> {
    const scope = taskScopeOf(options);
    return this.#wrapperOf(toolbox, scope.tenantId ?? '').execute(call as never, {
      ...withTaskTenant(options, scope),
      signal,
      idempotencyKey: key,
    });
  }

  /** The key a client's `tools/call` runs under: its own key, within its principal. */
  static callKey(options: McpCallOptions | undefined, key: string): string {
    return `mcp-call:${JSON.stringify([taskScopeOf(options).principalId, key])}`;
  }

  #wrapperOf(toolbox: Toolbox, tenantId: string): IdempotentToolbox {
    let byTenant = this.#wrappers.get(toolbox);
    if (byTenant === undefined) {
      byTenant = new Map();
      this.#wrappers.set(toolbox, byTenant);
    }
    let wrapped = byTenant.get(tenantId);
    if (wrapped === undefined) {
      if (byTenant.size >= MAX_TENANTS) byTenant.clear();
      wrapped = withToolboxIdempotency(toolbox, {
        cache: this.cache,
        tenantId,
        leaseMs: this.leaseMs,
        maxLeaseMs: Math.max(this.leaseMs, this.maxLeaseMs),
      });
      byTenant.set(tenantId, wrapped);
    }
    return wrapped;
  }
}
