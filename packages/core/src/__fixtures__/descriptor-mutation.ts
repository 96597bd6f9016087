import { expect } from 'bun:test';
import fc from 'fast-check';
import type { PendingApproval } from '../policy/types';
import { requestContext } from './approval';

type Path = (string | number)[];

/** Every leaf path of a JSON value. */
export function leafPaths(value: unknown, prefix: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  return entries.flatMap(([key, item]) => leafPaths(item, [...prefix, key]));
}

/** Sets a value at a path inside a JSON copy of an object. */
export function mutate(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(root)) as Record<string | number, unknown>;
  let target: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[path.at(-1) as string | number] = value;
  return copy;
}

interface Resumer {
  resumeApproval(
    descriptor: unknown,
    options: { requestContext: typeof requestContext },
  ): Promise<{ readonly outcome: string }>;
}

/**
 * Property: setting any leaf of the descriptor's binding or proposed call to another JSON value never
 * resumes the call, and the tool never runs.
 */
export async function expectEveryMutationRefused(
  toolbox: Resumer,
  descriptor: PendingApproval,
  runs: { readonly count: number },
  numRuns: number,
): Promise<void> {
  const paths = [
    ...leafPaths(descriptor.binding, ['binding']),
    ...leafPaths(descriptor.proposedCall, ['proposedCall']),
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
    { numRuns },
  );
}
