import type { RequestContext } from '@armorer/core';
import type { TaskScope } from '@armorer/idempotency';
import type { McpCallOptions } from '../server/types';

/**
 * The tenant a task runs in when the caller's request authority names none. Task runs go through the
 * idempotency layer, which keys every record by tenant; the call's policy and approval binding see it.
 */
export const DEFAULT_TASK_TENANT = 'default';

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The caller's scope: the tenant (or {@link DEFAULT_TASK_TENANT}) and principal of its request authority. */
export function taskScopeOf(options: McpCallOptions | undefined): TaskScope {
  let authority: RequestContext['authority'];
  try {
    authority = options?.requestContext?.authority;
  } catch {
    authority = undefined;
  }
  return {
    tenantId: text(authority?.tenantId) ?? DEFAULT_TASK_TENANT,
    principalId: text(authority?.principalId) ?? null,
  };
}

/** The call options of a task run: the caller's, with the task's tenant on the request authority. */
export function withTaskTenant(options: McpCallOptions | undefined, scope: TaskScope): McpCallOptions {
  const context = options?.requestContext;
  const authority = context?.authority;
  if (authority?.tenantId === scope.tenantId) return options ?? {};
  return {
    ...options,
    requestContext: {
      ...context,
      authority: { ...authority, tenantId: scope.tenantId ?? DEFAULT_TASK_TENANT },
    },
  };
}

/** Whether two scopes are the same tenant and principal. */
export function sameScope(a: TaskScope, b: TaskScope): boolean {
  return a.tenantId === b.tenantId && a.principalId === b.principalId;
}
