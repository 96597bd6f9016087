import { appendFileSync } from 'node:fs';
import { createTool, createToolbox } from '@armorer/core';
import { withToolboxIdempotency } from '@armorer/idempotency';
import { z } from 'zod';
import type { CallOutcome, DurableStores, StateAnswer } from './protocol';

/** The tenant and principal every probe call acts under. @internal */
export const PROBE_CONTEXT = Object.freeze({
  authority: Object.freeze({ tenantId: 'durable-tenant', principalId: 'durable-worker' }),
});

/**
 * The worker's toolbox: one mutating probe tool that records each real execution in the side file, an
 * approval policy that pauses `approval` calls until a person approved them, and the idempotency wrapper
 * over the store's result cache. `hang` parks a call at the named point so the parent can SIGKILL it.
 * @internal
 */
export function createProbe(
  stores: DurableStores,
  options: {
    sideFile: string;
    approvalSecret: string;
    onEntered: (where: string) => void;
    idempotencyLeaseMs?: number;
  },
) {
  const forever = new Promise<never>(() => undefined);
  const probe = createTool({
    name: 'durable-probe',
    description: 'Records one execution in the side file',
    input: z.object({
      kind: z.enum(['approval', 'idempotent']),
      label: z.string(),
      hang: z.boolean().optional(),
    }),
    metadata: { mutates: true },
    async execute({ kind, label, hang }) {
      appendFileSync(options.sideFile, `${kind}\t${label}\t${process.pid}\n`);
      if (hang === true && kind === 'idempotent') {
        options.onEntered('claimed');
        await forever;
      }
      return { kind, label, pid: process.pid };
    },
  });
  const toolbox = createToolbox([probe], {
    approvalSecret: options.approvalSecret,
    approvalStateStore: stores.approvalStateStore,
    policyRevision: 'durable-policy-1',
    policy: {
      async beforeExecute(context) {
        const params = context.params as { kind?: string; hang?: boolean };
        if (params.kind !== 'approval') return undefined;
        if (context.approval?.approved !== true) return { status: 'needs_approval', reason: 'probe' };
        if (params.hang === true) {
          // Reserved, not yet committed: the parent kills the process here.
          options.onEntered('reserved');
          await forever;
        }
        return { allow: true };
      },
    },
  });
  const lease = options.idempotencyLeaseMs;
  const idempotent = withToolboxIdempotency(toolbox, {
    cache: stores.cache,
    tenantId: 'durable-tenant',
    ...(lease === undefined ? {} : { leaseMs: lease, maxLeaseMs: lease * 4 }),
  });

  return {
    /** Asks the approval store directly for the binding's state; a throw is answered, not raised. */
    async state(descriptor: unknown): Promise<StateAnswer> {
      const binding = (descriptor as { binding?: unknown }).binding;
      try {
        return { state: (await stores.approvalStateStore.state(binding as never)) ?? null };
      } catch (error) {
        const record = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
        return {
          thrown: {
            name: typeof record.name === 'string' ? record.name : typeof error,
            ...(typeof record.code === 'string' ? { code: record.code } : {}),
            ...(typeof record.retryable === 'boolean' ? { retryable: record.retryable } : {}),
          },
        };
      }
    },
    async issue(label: string): Promise<unknown> {
      const result = await toolbox.execute(
        { id: `call-${label}`, name: 'durable-probe', arguments: { kind: 'approval', label } },
        { requestContext: PROBE_CONTEXT },
      );
      if (result.outcome !== 'action_required') {
        throw new Error(
          `issuing ${label}: expected action_required, got ${result.outcome} ${result.error?.message ?? ''}`,
        );
      }
      return JSON.parse(JSON.stringify(result.pendingApproval));
    },
    async resume(descriptor: unknown, hang: boolean): Promise<CallOutcome> {
      const proposed = (descriptor as { proposedCall?: { arguments?: Record<string, unknown> } })
        .proposedCall;
      const result = await toolbox.resumeApproval(descriptor as never, {
        requestContext: PROBE_CONTEXT,
        ...(hang ? { arguments: { ...proposed?.arguments, hang: true } } : {}),
      });
      return outcomeOf(result);
    },
    async execute(key: string, label: string, hang: boolean): Promise<CallOutcome> {
      const result = await idempotent.execute(
        {
          id: `call-${label}`,
          name: 'durable-probe',
          arguments: { kind: 'idempotent', label, ...(hang ? { hang } : {}) },
        },
        { requestContext: PROBE_CONTEXT, idempotencyKey: key },
      );
      return outcomeOf(result);
    },
  };
}

function outcomeOf(result: {
  outcome: string;
  error?: { code?: string; details?: unknown } | undefined;
  idempotency?: { outcome: string } | undefined;
}): CallOutcome {
  const reason = (result.error?.details as { reason?: unknown } | undefined)?.reason;
  return {
    outcome: result.outcome,
    ...(result.error?.code === undefined ? {} : { code: result.error.code }),
    ...(typeof reason === 'string' ? { reason } : {}),
    ...(result.idempotency === undefined ? {} : { idempotency: result.idempotency.outcome }),
  };
}
