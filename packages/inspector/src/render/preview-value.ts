/**
 * Turns any value (arguments, results, event details: whatever a tool or a model produced) into bounded,
 * JSON-safe data for the page: strings cut to a length, collections to a count, depth and total size
 * capped, cycles, getters that throw, Proxies, class instances, functions and binary data described
 * rather than walked, and invisible control or direction-changing characters shown as escapes so that
 * text cannot disguise itself on screen.
 */

/** A JSON value as the page receives it. */
export type PreviewJson =
  | null
  | boolean
  | number
  | string
  | readonly PreviewJson[]
  | { readonly [key: string]: PreviewJson };

/** Bounds of {@link previewValue}. */
export interface PreviewLimits {
  /** Nesting levels shown; deeper containers are summarised. Default 8. */
  readonly maxDepth?: number;
  /** Characters kept of one string. Default 2,000. */
  readonly maxString?: number;
  /** Items kept of one array, or keys of one object. Default 100. */
  readonly maxItems?: number;
  /** Characters of strings and keys kept in total, across the whole value. Default 50,000. */
  readonly maxChars?: number;
}

const DEFAULTS = { maxDepth: 8, maxString: 2_000, maxItems: 100, maxChars: 50_000 };

/**
 * C0 and C1 controls other than tab and line breaks, format characters (bidirectional overrides and
 * isolates, zero-width joiners, the BOM) and the Unicode line and paragraph separators.
 */
const HIDDEN = /[^\P{Cc}\t\n\r]|[\p{Cf}\u2028\u2029]/gu;

function escapeHidden(text: string): string {
  return text.replace(HIDDEN, (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`);
}

/**
 * `value` as indented JSON text that parses back to exactly the same value, with every invisible or
 * direction-changing character written as a `\uXXXX` escape, so that text put in front of a person for
 * editing shows what it really holds. Undefined when the value is not JSON or the text is longer than
 * `limit` characters.
 *
 * @example
 * ```ts
 * visibleJson({ to: 'a\u202Eb' }); // '{\n  "to": "a\\u202eb"\n}'
 * ```
 */
export function visibleJson(value: unknown, limit: number): string | undefined {
  let json: string | undefined;
  try {
    json = JSON.stringify(value, null, 2);
  } catch {
    return undefined;
  }
  if (json === undefined || json.length > limit) return undefined;
  // Outside strings JSON.stringify writes only visible ASCII, so every match is inside a string.
  return json.replace(HIDDEN, (char) => {
    let escaped = '';
    for (let index = 0; index < char.length; index++) {
      escaped += `\\u${char.charCodeAt(index).toString(16).padStart(4, '0')}`;
    }
    return escaped;
  });
}

interface Walk {
  readonly maxDepth: number;
  readonly maxString: number;
  readonly maxItems: number;
  budget: number;
  readonly seen: Set<object>;
}

function text(walk: Walk, value: string): string {
  const limit = Math.max(0, Math.min(walk.maxString, walk.budget));
  let kept = value;
  let cut = 0;
  if (value.length > limit) {
    // Never split a surrogate pair.
    let end = limit;
    const code = value.charCodeAt(end - 1);
    if (end > 0 && code >= 0xd800 && code <= 0xdbff) end--;
    kept = value.slice(0, end);
    cut = value.length - end;
  }
  walk.budget -= kept.length;
  const shown = escapeHidden(kept);
  return cut > 0 ? `${shown}… (${cut} more characters)` : shown;
}

function describe(value: object): string | undefined {
  if (typeof value === 'function') {
    const name = safeRead(() => (value as { name?: unknown }).name);
    return `[Function${typeof name === 'string' && name !== '' ? ` ${name}` : ''}]`;
  }
  if (ArrayBuffer.isView(value))
    return `[${value.constructor?.name ?? 'TypedArray'} ${value.byteLength} bytes]`;
  if (value instanceof ArrayBuffer) return `[ArrayBuffer ${value.byteLength} bytes]`;
  if (value instanceof Promise) return '[Promise]';
  if (value instanceof WeakMap || value instanceof WeakSet) return `[${value.constructor.name}]`;
  if (typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function') {
    return '[AsyncIterable]';
  }
  return undefined;
}

function safeRead<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function walkArray(walk: Walk, items: readonly unknown[], depth: number): PreviewJson[] {
  const count = items.length;
  const shown = Math.min(count, walk.maxItems);
  const out: PreviewJson[] = [];
  for (let index = 0; index < shown; index++) {
    if (walk.budget <= 0) {
      out.push(`… (${count - index} more items)`);
      return out;
    }
    const item = safeRead(() => items[index]);
    out.push(item === undefined ? null : node(walk, item, depth + 1));
  }
  if (count > shown) out.push(`… (${count - shown} more items)`);
  return out;
}

function walkEntries(
  walk: Walk,
  entries: Iterable<readonly [string, unknown]>,
  total: number,
  depth: number,
): { [key: string]: PreviewJson } {
  // A null prototype: a key such as "__proto__" stays an ordinary key.
  const out: { [key: string]: PreviewJson } = Object.create(null);
  let index = 0;
  for (const [key, item] of entries) {
    if (index >= walk.maxItems || walk.budget <= 0) {
      out['…'] = `${total - index} more keys`;
      return out;
    }
    index++;
    if (item === undefined) continue;
    out[text(walk, key)] = node(walk, item, depth + 1);
  }
  return out;
}

/** The first items of a Map or Set (never the whole of a huge one), with the count of the rest. */
function collection(walk: Walk, items: Iterator<unknown>, size: number, depth: number): PreviewJson {
  const first: unknown[] = [];
  for (let step = items.next(); !step.done && first.length < walk.maxItems; step = items.next()) {
    first.push(step.value);
  }
  const shown = walkArray(walk, first, depth);
  if (size > first.length) shown.push(`… (${size - first.length} more items)`);
  return shown;
}

function ownEntries(value: object): { entries: [string, unknown][]; total: number } | undefined {
  const keys = safeRead(() => Object.keys(value));
  if (keys === undefined) return undefined;
  const entries: [string, unknown][] = [];
  for (const key of keys.slice(0, 10_000)) {
    try {
      entries.push([key, (value as Record<string, unknown>)[key]]);
    } catch {
      entries.push([key, '[unreadable]']);
    }
  }
  return { entries, total: keys.length };
}

function walkObject(walk: Walk, value: object, depth: number): PreviewJson {
  const described = describe(value);
  if (described !== undefined) return described;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof Error) {
    const fields: [string, unknown][] = [
      ['name', safeRead(() => value.name)],
      ['message', safeRead(() => value.message)],
    ];
    const code = safeRead(() => (value as { code?: unknown }).code);
    if (code !== undefined) fields.push(['code', code]);
    return walkEntries(walk, fields, fields.length, depth);
  }
  if (depth >= walk.maxDepth) {
    return Array.isArray(value) ? `[Array(${value.length})]` : '[Object]';
  }
  if (walk.seen.has(value)) return '[Circular]';
  walk.seen.add(value);
  try {
    if (Array.isArray(value)) return walkArray(walk, value, depth);
    if (value instanceof Map) return collection(walk, value.entries(), value.size, depth);
    if (value instanceof Set) return collection(walk, value.values(), value.size, depth);
    const own = ownEntries(value);
    if (own === undefined) return '[unreadable]';
    return walkEntries(walk, own.entries, own.total, depth);
  } finally {
    walk.seen.delete(value);
  }
}

function node(walk: Walk, value: unknown, depth: number): PreviewJson {
  // Every node costs one unit of the budget, so many tiny values are bounded as well as long strings.
  if (walk.budget <= 0) return '…';
  walk.budget--;
  switch (typeof value) {
    case 'string':
      return text(walk, value);
    case 'number':
      return Number.isFinite(value) ? (Object.is(value, -0) ? 0 : value) : String(value);
    case 'boolean':
      return value;
    case 'bigint':
      return `${value}n`;
    case 'undefined':
      return null;
    case 'symbol':
      return text(walk, value.toString());
    case 'function':
    case 'object':
      if (value === null) return null;
      try {
        return walkObject(walk, value, depth);
      } catch {
        // A Proxy whose traps throw, a getter on a prototype check, ...
        return '[unreadable]';
      }
    default:
      return null;
  }
}

/**
 * Bounded, JSON-safe data for showing `value` on the page. Never throws, whatever the value.
 *
 * @example
 * ```ts
 * previewValue({ note: 'x'.repeat(5000) }, { maxString: 10 }); // { note: 'xxxxxxxxxx… (4990 more characters)' }
 * ```
 */
export function previewValue(value: unknown, limits: PreviewLimits = {}): PreviewJson {
  const walk: Walk = {
    maxDepth: limits.maxDepth ?? DEFAULTS.maxDepth,
    maxString: limits.maxString ?? DEFAULTS.maxString,
    maxItems: limits.maxItems ?? DEFAULTS.maxItems,
    budget: limits.maxChars ?? DEFAULTS.maxChars,
    seen: new Set(),
  };
  try {
    return node(walk, value, 0);
  } catch {
    return '[unreadable]';
  }
}
