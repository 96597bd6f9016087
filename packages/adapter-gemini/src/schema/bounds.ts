import {
  type JsonSchema,
  type MutableJsonSchema,
  typesOf,
  type WarningCollector,
} from '@armorer/adapter-shared';

const EXCLUSIVE = [
  ['exclusiveMinimum', 'minimum', 1],
  ['exclusiveMaximum', 'maximum', -1],
] as const;

/**
 * Declares `exclusiveMinimum` / `exclusiveMaximum` with the inclusive bounds a provider supports: exactly
 * for integers (`> 0` is `>= 1`), as the nearest inclusive bound (reported) for other numbers.
 */
export function exclusiveBounds(
  node: JsonSchema,
  out: MutableJsonSchema,
  path: string,
  collector: WarningCollector,
): void {
  // Most nodes have neither bound: they need no type check.
  if (typeof node['exclusiveMinimum'] !== 'number' && typeof node['exclusiveMaximum'] !== 'number') return;
  const integer = typesOf(node)?.every((type) => type === 'integer' || type === 'null') === true;
  for (const [key, target, step] of EXCLUSIVE) {
    const value = node[key];
    if (typeof value !== 'number') continue;
    const bound = integer
      ? Number.isInteger(value)
        ? value + step
        : step > 0
          ? Math.ceil(value)
          : Math.floor(value)
      : value;
    const current = out[target];
    const tighter = typeof current !== 'number' || (step > 0 ? bound > current : bound < current);
    if (tighter) out[target] = bound;
    if (!integer) collector.relaxed(path, key, `the inclusive ${target} ${value}`);
  }
}
