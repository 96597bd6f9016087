import { globalRegistry } from 'zod/v4/core';
import type { ZodSchemaLike } from './zod-walker';

/** Zod's global registry's own map (schema -> its metadata) when it is one; looked up on first use. */
let registryMap: WeakMap<object, unknown> | null | undefined;

function registry(): WeakMap<object, unknown> | null {
  if (registryMap === undefined) {
    const map = (globalRegistry as { _map?: unknown })._map;
    registryMap = map instanceof WeakMap ? (map as WeakMap<object, unknown>) : null;
  }
  return registryMap;
}

const isOwnEnumerable = Object.prototype.propertyIsEnumerable;

/**
 * A Zod schema's description, as its `description` getter answers, at the cost of one map lookup per
 * ancestor. Zod keeps descriptions in its global registry and the getter merges the metadata of every
 * schema the field was cloned from (an object spread per ancestor), which dominated indexing a large
 * toolbox. The merged view's description is the one registered nearest to the schema along its `parent`
 * chain, so that is what is read; the getter decides when the registry is not the expected map or the chain
 * is longer than followed. For armorer packages (see `zodDef`).
 *
 * @example
 * ```ts
 * zodDescription(z.string().describe('A city')); // 'A city'
 * ```
 */
export function zodDescription(schema: ZodSchemaLike): unknown {
  const map = registry();
  let current: ZodSchemaLike | undefined = schema;
  for (let depth = 0; current !== undefined && depth < 32; depth++) {
    if (map === null) {
      if (globalRegistry.has(current as never)) return schema.description;
    } else {
      const meta = map.get(current);
      if (typeof meta === 'object' && meta !== null && isOwnEnumerable.call(meta, 'description')) {
        // A schema without the getter (Zod Mini) has no description to read.
        return 'description' in schema ? (meta as { description?: unknown }).description : undefined;
      }
    }
    current = current._zod?.parent;
  }
  return current === undefined ? undefined : schema.description;
}
