import { isAsyncIterable } from '../common/context';
import { type Fencer, fenceText } from './fence';

/** Most values a structured result may hold to be fenced field by field (beyond, it is fenced whole). */
const MAX_NODES = 10_000;

/** Bytes a consumer may decode to text: fenced as the text they decode to. */
export function isBinary(value: unknown): value is ArrayBuffer | ArrayBufferView {
  return value instanceof ArrayBuffer || ArrayBuffer.isView(value);
}

export function decodeBinary(value: ArrayBuffer | ArrayBufferView): string {
  const bytes =
    value instanceof ArrayBuffer
      ? new Uint8Array(value)
      : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return new TextDecoder().decode(bytes);
}

/** What a model is shown for a value: its JSON form (`toJSON` included), or a string form. */
function serialize(value: unknown): string {
  try {
    const json = JSON.stringify(value);
    if (typeof json === 'string') return json;
  } catch {
    // Cycles, BigInts, throwing getters or toJSON: the string form below.
  }
  try {
    return String(value);
  } catch {
    return '[unprintable value]';
  }
}

const isPlainPrototype = (value: object) => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * True when a value is plain JSON-like data whose serialized form is exactly what it holds: plain objects
 * and arrays of data properties (no getters, no `toJSON`, no cycles), strings, finite numbers, booleans,
 * null. Fields named in `skip` (the streams of a result) are not inspected.
 */
function isPlainData(
  value: unknown,
  skip: ReadonlySet<string>,
  budget: { nodes: number },
  seen: Set<object>,
): boolean {
  if (--budget.nodes < 0) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || value === undefined)
    return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || seen.has(value)) return false;
  const array = Array.isArray(value);
  if (array ? Object.getPrototypeOf(value) !== Array.prototype : !isPlainPrototype(value)) return false;
  seen.add(value);
  for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(value))) {
    if (array && key === 'length') continue;
    if (key === 'toJSON' || !('value' in descriptor)) return false;
    if (skip.has(key)) continue;
    if (descriptor.enumerable !== true) continue;
    if (!isPlainData(descriptor.value, NO_SKIP, budget, seen)) return false;
  }
  if (Object.getOwnPropertySymbols(value).length > 0) return false;
  seen.delete(value);
  return true;
}

const NO_SKIP: ReadonlySet<string> = new Set();
const STREAM_FIELDS: ReadonlySet<string> = new Set(['stream', 'result']);

/**
 * A copy of plain data with every string (keys included) neutralized, and every string field named
 * `text` at any depth (a resource's text, a text block's text) fenced.
 */
function neutralizeDeep(value: unknown, fencer: Fencer): unknown {
  const { neutralizer, fence } = fencer;
  if (typeof value === 'string') return neutralizer.neutralize(value, fence.token);
  if (Array.isArray(value)) return value.map((item) => neutralizeDeep(item, fencer));
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      copy[neutralizer.neutralize(key, fence.token)] =
        key === 'text' && typeof item === 'string' ? fenceText(item, fencer) : neutralizeDeep(item, fencer);
    }
    return copy;
  }
  return value;
}

/**
 * A structured result fenced field by field: plain data with a `content` string or array of blocks, or
 * a `text` string. The `content` string and every `text` string at any depth (text blocks, resources)
 * are fenced; every other string (other fields, other blocks, keys) is neutralized, so no marker
 * imitation survives anywhere; `stream` and `result` streams are fenced as streams. Anything else is not
 * structured (returns undefined).
 */
function fenceStructured(value: object, current: () => Fencer, fresh: () => Fencer): unknown {
  if (Array.isArray(value) || !isPlainPrototype(value)) return undefined;
  const record = value as Record<string, unknown>;
  const content = record.content;
  const text = record.text;
  if (typeof content !== 'string' && !Array.isArray(content) && typeof text !== 'string') return undefined;
  if (!isPlainData(value, STREAM_FIELDS, { nodes: MAX_NODES }, new Set())) return undefined;
  const fencer = current();
  const copy: Record<string, unknown> = {};
  const wrapped = new Map<AsyncIterable<unknown>, AsyncIterable<unknown>>();
  for (const [key, item] of Object.entries(record)) {
    const safeKey = fencer.neutralizer.neutralize(key, fencer.fence.token);
    if ((key === 'content' || key === 'text') && typeof item === 'string') {
      copy[safeKey] = fenceText(item, fencer);
    } else if (key === 'content' && Array.isArray(item)) {
      copy[safeKey] = neutralizeDeep(item, fencer);
    } else if (STREAM_FIELDS.has(key) && isAsyncIterable(item)) {
      // `stream` and `result` may hold the same iterable; wrap it once so both read one wrapper.
      let replacement = wrapped.get(item);
      if (replacement === undefined) {
        replacement = fenceStream(item, fresh(), fresh);
        wrapped.set(item, replacement);
      }
      copy[safeKey] = replacement;
    } else {
      copy[safeKey] = neutralizeDeep(item, fencer);
    }
  }
  return copy;
}

/**
 * Fences what a model will see of a tool's output: strings are fenced; streams are fenced as they flow;
 * bytes are fenced as the text they decode to; structured results (see {@link fenceStructured}) keep
 * their shape; any other object (arrays, boxed strings, class instances, objects with `toJSON` or
 * getters, Maps) is replaced by its serialized form, fenced. Numbers, booleans, null and undefined carry
 * no text and pass through. Never throws.
 */
export function fenceValue(value: unknown, current: () => Fencer, fresh: () => Fencer): unknown {
  if (typeof value === 'string') return fenceText(value, current());
  if (typeof value !== 'object' || value === null) return value;
  try {
    if (isAsyncIterable(value)) return fenceStream(value, current(), fresh);
    if (isBinary(value)) return fenceText(decodeBinary(value), current());
    const structured = fenceStructured(value, current, fresh);
    if (structured !== undefined) return structured;
  } catch {
    // A hostile value (a throwing getter or Proxy trap): fenced by its serialized form below.
  }
  return fenceText(serialize(value), current());
}

/** Where to cut `text` so the kept part ends on a code point boundary. */
function boundary(text: string, cut: number): number {
  if (cut <= 0 || cut >= text.length) return Math.max(0, Math.min(cut, text.length));
  const code = text.charCodeAt(cut - 1);
  return code >= 0xd800 && code <= 0xdbff ? cut - 1 : cut;
}

/**
 * Fences a stream: the preamble and opening delimiter first, then the chunks, then the closing delimiter
 * (also when the source fails midway: the close goes out before the error). Text travels as one run
 * however it is chunked: strings, bytes (decoded as UTF-8 across chunks) and boxed strings are
 * neutralized together, holding back the tail that a later chunk could complete into a marker, and that
 * tail is carried across any other chunk, so a marker split around an object is still caught. Other
 * chunks are fenced on their own, each with a fresh token, so this stream's token appears only in its
 * two markers.
 */
export async function* fenceStream(
  source: AsyncIterable<unknown>,
  fencer: Fencer,
  fresh: () => Fencer,
): AsyncGenerator<unknown> {
  const { fence, neutralizer } = fencer;
  yield `${fencer.preamble}\n${fence.open}\n`;
  let carry = '';
  const decoder = new TextDecoder();
  try {
    for await (const chunk of source) {
      let piece: string;
      if (typeof chunk === 'string') piece = chunk;
      else if (isBinary(chunk)) piece = decoder.decode(chunk, { stream: true });
      else if (chunk instanceof String) piece = serialize(chunk).slice(1, -1);
      else {
        let own: Fencer | undefined;
        const current = () => {
          own ??= fresh();
          return own;
        };
        yield fenceValue(chunk, current, fresh);
        continue;
      }
      const text = neutralizer.neutralize(carry + piece, fence.token);
      const cut = boundary(text, neutralizer.safeCut(text));
      if (cut > 0) yield text.slice(0, cut);
      carry = text.slice(cut);
    }
  } catch (error) {
    yield `${neutralizer.neutralize(carry + decoder.decode(), fence.token)}\n${fence.close}`;
    throw error;
  }
  yield `${neutralizer.neutralize(carry + decoder.decode(), fence.token)}\n${fence.close}`;
}
