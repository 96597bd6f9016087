import { isAsyncIterable, isPlainObject } from './context';

/** How a middleware rewrites the text and the streams of a result. */
export interface ResultMapper {
  text(value: string): string;
  stream(iterable: AsyncIterable<unknown>): AsyncIterable<unknown>;
}

/**
 * Applies a mapper to the parts of a result a model reads: a string result, a streamed result (an
 * AsyncIterable), and in a plain object its `content` (a string, or an array of `{ type: 'text', text }`
 * blocks) and its `stream`/`result` streams. Anything else is returned unchanged; a changed object is a
 * shallow copy, the original is never mutated.
 */
export function mapResult(value: unknown, mapper: ResultMapper): unknown {
  if (typeof value === 'string') return mapper.text(value);
  if (isAsyncIterable(value)) return mapper.stream(value);
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  const content = value['content'];
  if (typeof content === 'string') {
    copy = { ...value, content: mapper.text(content) };
  } else if (Array.isArray(content) && content.some(isTextBlock)) {
    copy = {
      ...value,
      content: content.map((block) =>
        isTextBlock(block) ? { ...block, text: mapper.text(block.text) } : block,
      ),
    };
  }
  // `stream` and `result` may hold the same iterable; wrap it once so both read one wrapper.
  const wrapped = new Map<AsyncIterable<unknown>, AsyncIterable<unknown>>();
  for (const key of ['stream', 'result'] as const) {
    const field = value[key];
    if (!isAsyncIterable(field)) continue;
    let replacement = wrapped.get(field);
    if (replacement === undefined) {
      replacement = mapper.stream(field);
      wrapped.set(field, replacement);
    }
    copy = { ...(copy ?? value), [key]: replacement };
  }
  return copy ?? value;
}

function isTextBlock(block: unknown): block is { readonly type: 'text'; readonly text: string } {
  return isPlainObject(block) && block['type'] === 'text' && typeof block['text'] === 'string';
}
