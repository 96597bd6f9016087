import { describe, expect, test } from 'bun:test';
import { createProcessLocalApprovalStateStore, parseApprovalBinding } from '@armorer/approval';
import fc from 'fast-check';
import { makeApprovalToolbox, pausePayment, requestContext } from '../__fixtures__/approval';
import type { RequestContext } from '../policy/request-context';

/** Sets a value at a path inside a JSON copy of an object. */
function mutate(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(root)) as Record<string | number, unknown>;
  let target: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[path.at(-1) as string | number] = value;
  return copy;
}

/** Every leaf path of the signed content: the binding and the proposed call. */
function signedPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  return entries.flatMap(([key, item]) => signedPaths(item, [...prefix, key]));
}

describe('property: a mutated descriptor never runs the tool', () => {
  test('any change to a signed value of the binding or the proposed call is refused', async () => {
    const runs = { count: 0 };
    const approvalStateStore = createProcessLocalApprovalStateStore();
    const toolbox = makeApprovalToolbox(runs, { approvalStateStore });
    const descriptor = await pausePayment(toolbox);
    const paths = [
      ...signedPaths(descriptor.binding, ['binding']),
      ...signedPaths(descriptor.proposedCall, ['proposedCall']),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.oneof(fc.jsonValue(), fc.string(), fc.integer(), fc.constant(undefined)),
        async (path, value) => {
          const original = path.reduce<unknown>(
            (node, key) => (node as Record<string | number, unknown>)[key],
            descriptor,
          );
          fc.pre(JSON.stringify(value) !== JSON.stringify(original));
          const result = await toolbox.resumeApproval(mutate(descriptor, path, value), { requestContext });
          expect(result.outcome).not.toBe('success');
          expect(runs.count).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
    expect(await approvalStateStore.state(parseApprovalBinding(descriptor.binding))).toBe('issued');
    expect((await toolbox.resumeApproval(descriptor, { requestContext })).outcome).toBe('success');
  });

  test('random request contexts other than the issuing one are refused', async () => {
    const runs = { count: 0 };
    const toolbox = makeApprovalToolbox(runs);
    const descriptor = await pausePayment(toolbox);
    const text = fc.option(
      fc.constantFrom(
        'user-1',
        'user-2',
        'tenant-1',
        'tenant-2',
        'session-1',
        'agent-1',
        'run-1',
        'tenant',
        'x',
      ),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ principalId: text, tenantId: text, ownerId: text }),
        fc.record({ audience: text, agentId: text, runId: text }),
        async (authority, rest) => {
          const context = {
            ...rest,
            authority: { ...authority, capabilities: ['payments:send'], authorizationRevision: 'auth-1' },
          };
          const same =
            authority.principalId === 'user-1' &&
            authority.tenantId === 'tenant-1' &&
            authority.ownerId === 'session-1' &&
            rest.audience === 'tenant' &&
            rest.agentId === 'agent-1' &&
            rest.runId === 'run-1';
          fc.pre(!same);
          const result = await toolbox.resumeApproval(descriptor, {
            requestContext: context as RequestContext,
          });
          expect(result.outcome).toBe('denied');
          expect(runs.count).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});
