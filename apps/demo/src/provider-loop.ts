import { formatOpenAIToolResultsAsync, parseOpenAIToolCalls, toOpenAITools } from '@armorer/adapter-openai';
import type { ToolResult } from '@armorer/core';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { type OpenAIStub, startOpenAIStub } from './openai-stub';
import { createDemoToolbox } from './toolbox';
import { TodoStore } from './tools/todos';

/** Options of {@link runProviderLoop}. */
export interface ProviderLoopOptions {
  /** Where progress lines go (default: nowhere). */
  readonly print?: (line: string) => void;
  /** An OpenAI API key: with one, the loop talks to the real API; without, to a loopback stub. */
  readonly apiKey?: string | undefined;
  /** The model to ask (default `gpt-4o-mini`; the stub ignores it). */
  readonly model?: string;
  /** Upper bound on model turns (default 5). */
  readonly maxTurns?: number;
}

/** What a provider loop did. */
export interface ProviderLoopSummary {
  readonly provider: 'openai' | 'stub';
  /** Model requests made. */
  readonly turns: number;
  /** Every tool result, in the order the calls were made. */
  readonly results: readonly ToolResult[];
  /** The model's final text (undefined when it still wanted tools after `maxTurns`). */
  readonly answer: string | undefined;
  /** The request bodies the stub received (empty against the real API). */
  readonly requests: readonly Record<string, unknown>[];
}

const PROMPT =
  'How many miles are 10 km? Then add a todo "Book the train to Bergen", stream the words "tools talk back", ' +
  'and finally list my todos.';

/**
 * Runs a full provider loop with the official OpenAI client: declare the demo toolbox (strict mode), ask
 * the model, parse its tool calls, execute them (streams collected by the async formatter), send the tool
 * messages back, until the model answers in text. Without an API key the client talks to a loopback stub
 * that plays a scripted model (including a truncated-JSON call) and refuses requests that leave a tool
 * call unanswered, as the real API does.
 *
 * @example
 * ```ts
 * const summary = await runProviderLoop({ print: console.log, apiKey: process.env.OPENAI_API_KEY });
 * console.log(summary.answer);
 * ```
 */
export async function runProviderLoop(options: ProviderLoopOptions = {}): Promise<ProviderLoopSummary> {
  const print = options.print ?? (() => {});
  const stub: OpenAIStub | undefined = options.apiKey ? undefined : await startOpenAIStub();
  const client = new OpenAI(
    stub === undefined
      ? { apiKey: options.apiKey }
      : { apiKey: 'stub-key', baseURL: stub.baseURL, maxRetries: 0 },
  );
  const toolbox = createDemoToolbox(new TodoStore(), { user: 'ada', timeZone: 'Europe/London' });
  const tools = toOpenAITools(toolbox, { strict: true });
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: 'You are a helpful assistant. Use the tools for every step.' },
    { role: 'user', content: PROMPT },
  ];
  const results: ToolResult[] = [];
  print(
    `provider loop: ${stub === undefined ? 'OpenAI API' : `scripted model at ${stub.baseURL}`}, ${tools.length} tools (strict)`,
  );
  let turns = 0;
  let answer: string | undefined;
  try {
    while (turns < (options.maxTurns ?? 5)) {
      turns += 1;
      const completion = await client.chat.completions.create({
        model: options.model ?? 'gpt-4o-mini',
        messages,
        tools,
      });
      const message = completion.choices[0]?.message;
      if (message === undefined) break;
      const calls = parseOpenAIToolCalls(message.tool_calls, { tools: toolbox });
      if (calls.length === 0) {
        answer = message.content ?? '';
        print(`  turn ${turns}: answer: ${answer}`);
        break;
      }
      const turnResults = await toolbox.execute(calls, { mode: 'sequential', stream: true });
      for (const result of turnResults) {
        print(
          `  turn ${turns}: ${result.toolName} -> ${result.outcome}${result.error ? ` (${result.error.code})` : ''}`,
        );
      }
      messages.push(message, ...(await formatOpenAIToolResultsAsync(turnResults)));
      results.push(...turnResults);
    }
  } finally {
    await stub?.close();
  }
  return {
    provider: stub === undefined ? 'openai' : 'stub',
    turns,
    results,
    answer,
    requests: stub?.requests ?? [],
  };
}

if (import.meta.main) {
  await runProviderLoop({ print: (line) => console.log(line), apiKey: process.env['OPENAI_API_KEY'] });
}
