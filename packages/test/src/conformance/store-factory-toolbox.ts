import { createTool, createToolbox } from '@armorer/core';
import { withToolboxIdempotency } from '@armorer/idempotency';
import { z } from 'zod';
import type { ConformingStores } from './store-factory-types';

// A module of its own, loaded by the tests that need it: the toolbox and idempotency layers stay out of
// what importing `@armorer/test` loads.

const SECRET = 'store-factory-conformance-secret-0123456789abcdef';
const CONTEXT = Object.freeze({
  authority: Object.freeze({ tenantId: 'conformance-tenant', principalId: 'conformance-worker' }),
});

/**
 * A toolbox and its idempotent wrapper built from the stores by spreading them, as the guides show:
 * `createToolbox(tools, { ...stores })` and `withToolboxIdempotency(toolbox, { ...stores, tenantId })`.
 * Its one tool counts its runs; `approval` calls pause until a person approved them.
 */
export function spreadToolbox(stores: ConformingStores, runs: string[]) {
  const tool = createTool({
    name: 'conformance-probe',
    description: 'Counts its runs',
    input: z.object({ kind: z.enum(['approval', 'idempotent']), label: z.string() }),
    metadata: { mutates: true },
    execute({ kind, label }) {
      runs.push(`${kind}:${label}`);
      return { kind, label };
    },
  });
  const toolbox = createToolbox([tool], {
    ...stores,
    approvalSecret: SECRET,
    policy: {
      beforeExecute(context) {
        if ((context.params as { kind?: string }).kind !== 'approval') return undefined;
        return context.approval?.approved === true
          ? { allow: true }
          : { status: 'needs_approval', reason: 'test' };
      },
    },
  });
  const idempotent = withToolboxIdempotency(toolbox, { ...stores, tenantId: 'conformance-tenant' });
  const call = (kind: 'approval' | 'idempotent', label: string) => ({
    id: `call-${label}`,
    name: 'conformance-probe',
    arguments: { kind, label },
  });
  return {
    pause: (label: string) => toolbox.execute(call('approval', label), { requestContext: CONTEXT }),
    resume: (descriptor: unknown) => toolbox.resumeApproval(descriptor as never, { requestContext: CONTEXT }),
    execute: (label: string) =>
      idempotent.execute(call('idempotent', label), {
        requestContext: CONTEXT,
        idempotencyKey: `key-${label}`,
      }),
  };
}
