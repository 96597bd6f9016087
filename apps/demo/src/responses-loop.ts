import {
  formatOpenAIResponseToolResultsAsync,
  parseOpenAIResponseToolCalls,
  toOpenAIResponseTools,
} from '@armorer/adapter-openai';
import type { ToolResult } from '@armorer/core';
import OpenAI from 'openai';
import type { ProviderLoopOptions, ProviderLoopSummary } from './provider-loop';
import { type ResponsesStub, startResponsesStub } from './responses-stub';
import { createDemoToolbox } from './toolbox';
import { TodoStore } from './tools/todos';

const PROMPT =
  'How many miles are 10 km? Then add a todo "Book the train to Bergen", stream the words "tools talk back", ' +
  'and finally list my todos.';

/**
 * The provider loop of `runProviderLoop` on the OpenAI Responses API: `toOpenAIResponseTools` declares the
 * demo toolbox (strict mode), `parseOpenAIResponseToolCalls` reads the `function_call` items of each
 * response (the model calls tools in parallel), `toolbox.execute` runs them, and
 * `formatOpenAIResponseToolResultsAsync` turns the results into `function_call_output` items, sent with
 * `previous_response_id`, until the model answers in text. Without an API key the official client talks to
 * a loopback stub that plays a scripted model and refuses a request that leaves a function call without its
 * output, as the API does.
 *
 * @example
 * ```ts
 * const summary = await runResponsesLoop({ print: console.log, apiKey: process.env.OPENAI_API_KEY });
 * console.log(summary.answer);
 * ```
 */
export async function runResponsesLoop(options: ProviderLoopOptions = {}): Promise<ProviderLoopSummary> {
  const print = options.print ?? (() => {});
  const stub: ResponsesStub | undefined = options.apiKey ? undefined : await startResponsesStub();
  const client = new OpenAI(
    stub === undefined
      ? { apiKey: options.apiKey }
      : { apiKey: 'stub-key', baseURL: stub.baseURL, maxRetries: 0 },
  );
  const toolbox = createDemoToolbox(new TodoStore(), { user: 'ada', timeZone: 'Europe/London' });
  const tools = toOpenAIResponseTools(toolbox, { strict: true });
  const results: ToolResult[] = [];
  print(
    `responses loop: ${stub === undefined ? 'OpenAI API' : `scripted model at ${stub.baseURL}`}, ${tools.length} tools (strict)`,
  );
  let turns = 0;
  let answer: string | undefined;
  try {
    let response = await client.responses.create({
      model: options.model ?? 'gpt-4o-mini',
      instructions: 'You are a helpful assistant. Use the tools for every step.',
      input: PROMPT,
      tools,
    });
    turns += 1;
    while (turns <= (options.maxTurns ?? 5)) {
      const calls = parseOpenAIResponseToolCalls(response, { tools: toolbox });
      if (calls.length === 0) {
        answer = response.output_text;
        print(`  turn ${turns}: answer: ${answer}`);
        break;
      }
      const turnResults = await toolbox.execute(calls, { stream: true });
      for (const result of turnResults) {
        print(
          `  turn ${turns}: ${result.toolName} -> ${result.outcome}${result.error ? ` (${result.error.code})` : ''}`,
        );
      }
      results.push(...turnResults);
      if (turns === (options.maxTurns ?? 5)) break;
      response = await client.responses.create({
        model: options.model ?? 'gpt-4o-mini',
        previous_response_id: response.id,
        input: await formatOpenAIResponseToolResultsAsync(turnResults),
        tools,
      });
      turns += 1;
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
  await runResponsesLoop({ print: (line) => console.log(line), apiKey: process.env['OPENAI_API_KEY'] });
}
