import { ProviderAdapterError } from '@armorer/adapter-shared';
import type { OpenAIResponseToolCallsInput } from './types';

const PARSER = 'parseOpenAIResponseToolCalls';

type Fields = Record<string, unknown>;

function fields(value: unknown): Fields | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : undefined;
}

/** A function call being put together from the events of a stream. */
interface StreamedCall {
  item: Fields;
  /** Set once the arguments are complete (`function_call_arguments.done` or `output_item.done`). */
  arguments: string;
  order: number;
}

/**
 * Reads the function calls of a streamed response from its events: `response.output_item.added` opens a
 * call, `response.function_call_arguments.delta` extends its arguments, `.done` and `output_item.done`
 * complete it, and a `response.completed` (or `incomplete`, `failed`) event's `output` is authoritative.
 * A stream cut short yields the arguments received so far, which fail validation as malformed JSON.
 */
function itemsFromEvents(events: readonly unknown[]): readonly unknown[] {
  const calls = new Map<string, StreamedCall>();
  let order = 0;
  for (const value of events) {
    const event = fields(value);
    const type = event?.['type'];
    if (event === undefined || typeof type !== 'string') continue;
    if (type === 'response.completed' || type === 'response.incomplete' || type === 'response.failed') {
      const output = fields(event['response'])?.['output'];
      if (Array.isArray(output)) return output;
      continue;
    }
    if (type === 'response.output_item.added' || type === 'response.output_item.done') {
      const item = fields(event['item']);
      if (item?.['type'] !== 'function_call') continue;
      const key = typeof item['id'] === 'string' ? item['id'] : `#${String(event['output_index'])}`;
      const known = calls.get(key);
      const text = typeof item['arguments'] === 'string' ? item['arguments'] : '';
      const done = type === 'response.output_item.done';
      calls.set(key, {
        item,
        arguments: done || known === undefined ? text : known.arguments,
        order: known?.order ?? order++,
      });
      continue;
    }
    if (
      type === 'response.function_call_arguments.delta' ||
      type === 'response.function_call_arguments.done'
    ) {
      const known = typeof event['item_id'] === 'string' ? calls.get(event['item_id']) : undefined;
      const text = type.endsWith('.delta') ? event['delta'] : event['arguments'];
      if (known === undefined || typeof text !== 'string') continue;
      known.arguments = type.endsWith('.delta') ? known.arguments + text : text;
    }
  }
  return [...calls.values()]
    .sort((left, right) => left.order - right.order)
    .map(({ item, arguments: text }) => ({ ...item, arguments: text }));
}

function isEvent(value: unknown): boolean {
  const type = fields(value)?.['type'];
  return typeof type === 'string' && type.startsWith('response.');
}

/**
 * The output items of what `parseOpenAIResponseToolCalls` was given: a response's `output`, a list of items,
 * or the events of a stream (a list holding any `response.*` event is read as one).
 */
export function responseItems(input: OpenAIResponseToolCallsInput): readonly unknown[] {
  if (input === undefined || input === null) return [];
  if (Array.isArray(input)) return input.some(isEvent) ? itemsFromEvents(input) : input;
  const output = fields(input)?.['output'];
  if (fields(input) !== undefined && (output === undefined || output === null)) return [];
  if (Array.isArray(output)) return output;
  throw new ProviderAdapterError({
    code: 'INVALID_TOOL_CALLS',
    message: `${PARSER}() expects a response, its output items, or the events of a streamed response.`,
  });
}
