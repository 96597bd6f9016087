import type { ToolResult } from '@armorer/core';
import { type ApprovalRoundTrip, runApprovalRoundTrip } from './approval';
import { countOutcomes, formatResults } from './format';
import { attachListeners, preview } from './listeners';
import { fromOpenAIToolCalls, MODEL_TOOL_CALLS } from './model-turn';
import { createStyle } from './style';
import { createDemoToolbox, createReadOnlyToolbox } from './toolbox';
import { TodoStore } from './tools/todos';

/** What a demo run produced, for tests and for callers that want more than the printout. */
export interface DemoSummary {
  readonly results: readonly ToolResult[];
  readonly readOnlyResults: readonly ToolResult[];
  /** `eventType:toolName`, in the order the events fired. */
  readonly events: readonly string[];
  /** The approval round trip: paused in one toolbox, resumed in another, replay and forgery refused. */
  readonly approval: ApprovalRoundTrip;
}

export interface DemoOptions {
  /** ANSI colours; off by default. */
  readonly color?: boolean;
}

/**
 * Runs the demo end to end without any API key: builds a toolbox, replays a scripted model turn as one
 * batch, prints the events and results, shows a read-only toolbox denying the mutating tool, then an
 * approval round trip.
 */
export async function runDemo(
  print: (line: string) => void,
  options: DemoOptions = {},
): Promise<DemoSummary> {
  const style = createStyle(options.color === true);
  const events: string[] = [];
  const heading = (text: string): void => print(`\n${style.bold(style.cyan(`== ${text}`))}`);

  const toolbox = createDemoToolbox(new TodoStore(), { user: 'ada', timeZone: 'Europe/London' });
  print(style.bold('armorer demo: a scripted model turn, executed locally (no API key)'));
  print(`toolbox: ${toolbox.names().join(', ')}`);
  print(`context: ${preview(toolbox.context)}; registry policy: no secrets in mutating tools`);

  heading(`Model turn: ${MODEL_TOOL_CALLS.length} tool calls (OpenAI format, JSON-string arguments)`);
  for (const item of MODEL_TOOL_CALLS) {
    print(
      `  ${item.id.padEnd(15)} ${style.bold(item.function.name)}(${style.dim(preview(item.function.arguments, 70))})`,
    );
  }

  heading('Executing the batch (toolbox events as they fire)');
  const stopListening = attachListeners(toolbox, print, style, events);
  // Sequential, so that list-todos sees the todos added earlier in the same turn.
  const results = await toolbox.execute(fromOpenAIToolCalls(MODEL_TOOL_CALLS), { mode: 'sequential' });
  stopListening();

  heading('Results (what goes back to the model)');
  for (const line of formatResults(results, style)) print(line);
  print(`\n  outcomes: ${preview(countOutcomes(results))}`);

  heading('Read-only toolbox: same tools, mutation denied before the tool runs');
  const readOnly = createReadOnlyToolbox(toolbox);
  const stopReadOnly = attachListeners(readOnly, print, style, events);
  const readOnlyResults = await readOnly.execute(
    [
      { id: 'ro_add', name: 'add-todo', arguments: { title: 'Should not be stored' } },
      { id: 'ro_list', name: 'list-todos', arguments: {} },
    ],
    { mode: 'sequential' },
  );
  stopReadOnly();
  print('');
  for (const line of formatResults(readOnlyResults, style)) print(line);

  heading('Human approval: pause in one process, resume in another (signed, once)');
  const approval = await runApprovalRoundTrip(print, style);
  return { results, readOnlyResults, events, approval };
}
