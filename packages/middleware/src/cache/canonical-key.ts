const MAX_DEPTH = 64;
/**
 * Most values one key visits, counting a shared object each time it is reached: keys stay linear in the
 * size of the input, and a small DAG whose levels share children (which expands exponentially) is
 * refused instead of taking seconds.
 */
const MAX_NODES = 20_000;
/** Marks tagged values; JSON text never contains a raw NUL, so tags cannot collide with user data. */
const TAG = '\u0000';

/**
 * A canonical string for tool arguments: object keys sorted, `undefined` properties dropped (an absent
 * and an undefined optional field are the same call), and dates, big integers, non-finite numbers, maps
 * and sets tagged so they never collide with strings or each other. Returns `undefined` for values that
 * have no faithful canonical form (functions, symbols, class instances, cycles, extreme nesting): such
 * calls are not cached. Linear: at most {@link MAX_NODES} values are visited.
 */
export function canonicalKey(value: unknown): string | undefined {
  try {
    return write(value, [], 0, { nodes: MAX_NODES });
  } catch {
    // UNCACHEABLE, or a hostile value (a throwing getter, a Proxy trap, nesting that overflows): no key.
    return undefined;
  }
}

/**
 * True when a value is plain data that `structuredClone` copies faithfully: the only values the cache
 * stores or shares between callers.
 */
export function isPlainData(value: unknown): boolean {
  return canonicalKey(value) !== undefined;
}

const UNCACHEABLE = Symbol('uncacheable');

interface Budget {
  nodes: number;
}

function write(value: unknown, ancestors: object[], depth: number, budget: Budget): string {
  if (--budget.nodes < 0) throw UNCACHEABLE;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      // For finite numbers String() and JSON agree (1e+21, -0 as 0).
      return Number.isFinite(value) ? String(value) : `${TAG}number:${String(value)}`;
    case 'bigint':
      return `${TAG}bigint:${value.toString()}`;
    case 'undefined':
      return `${TAG}undefined`;
    case 'object':
      return value === null ? 'null' : writeObject(value, ancestors, depth, budget);
    default:
      throw UNCACHEABLE;
  }
}

function writeObject(value: object, ancestors: object[], depth: number, budget: Budget): string {
  // The ancestors are the objects on the path from the root: at most MAX_DEPTH of them.
  if (depth >= MAX_DEPTH || ancestors.includes(value)) throw UNCACHEABLE;
  ancestors.push(value);
  try {
    if (Array.isArray(value))
      return `[${value.map((item) => write(item, ancestors, depth + 1, budget)).join(',')}]`;
    if (value instanceof Date)
      return `${TAG}date:${Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString()}`;
    if (value instanceof Map) {
      const entries = [...value].map(
        ([key, item]) =>
          `${write(key, ancestors, depth + 1, budget)}=>${write(item, ancestors, depth + 1, budget)}`,
      );
      return `${TAG}map{${entries.sort().join(',')}}`;
    }
    if (value instanceof Set) {
      const items = [...value].map((item) => write(item, ancestors, depth + 1, budget));
      return `${TAG}set{${items.sort().join(',')}}`;
    }
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) throw UNCACHEABLE;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length > 1) keys.sort();
    let written = '{';
    for (const key of keys) {
      const item = record[key];
      if (item === undefined) continue;
      if (written.length > 1) written += ',';
      written += `${JSON.stringify(key)}:${write(item, ancestors, depth + 1, budget)}`;
    }
    return `${written}}`;
  } finally {
    ancestors.pop();
  }
}
