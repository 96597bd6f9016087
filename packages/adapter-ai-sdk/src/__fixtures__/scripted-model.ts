import type { AISDKVersion, Mode } from './sdks';

/** What the scripted model answers in one turn. */
export type Reply =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'tool-call';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: string;
    };

/** One prompt message as the model receives it (`LanguageModelV3Prompt`/`V4Prompt`). */
export interface PromptMessage {
  readonly role: string;
  readonly content: string | readonly PromptPart[];
}

/** One part of a prompt message. */
export interface PromptPart {
  readonly type: string;
  readonly toolCallId?: string;
  readonly toolName?: string;
  readonly input?: unknown;
  readonly output?: { readonly type: string; readonly value?: unknown; readonly reason?: string };
}

/** A turn: the replies, given the prompt the model received. */
export type Turn = (prompt: readonly PromptMessage[]) => readonly Reply[];

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A call with JSON arguments. */
export function callTool(toolCallId: string, toolName: string, input: unknown): Reply {
  return { type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) };
}

export function say(text: string): Reply {
  return { type: 'text', text };
}

/**
 * What a provider refuses: a tool call the next request leaves without a result (OpenAI: "An assistant
 * message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'";
 * Anthropic: "tool_use ids were found without tool_result blocks"), or a result for no call.
 */
export function promptProblems(prompt: readonly PromptMessage[]): string[] {
  const problems: string[] = [];
  for (let index = 0; index < prompt.length; index++) {
    const message = prompt[index];
    if (message?.role !== 'assistant' || typeof message.content === 'string') continue;
    const calls = message.content.filter((part) => part.type === 'tool-call').map((part) => part.toolCallId);
    if (calls.length === 0) continue;
    const next = prompt[index + 1];
    const answered =
      next?.role === 'tool' && typeof next.content !== 'string'
        ? next.content.filter((part) => part.type === 'tool-result').map((part) => part.toolCallId)
        : [];
    for (const id of calls) {
      const count = answered.filter((answer) => answer === id).length;
      if (count !== 1) problems.push(`tool call ${id} has ${count} results in the next message`);
    }
    for (const id of answered) if (!calls.includes(id)) problems.push(`tool result ${id} answers no call`);
  }
  return problems;
}

/** The tool results a prompt carries, by call id (the last prompt message that answers each call). */
export function resultsIn(prompt: readonly PromptMessage[]): Record<string, PromptPart['output']> {
  const results: Record<string, PromptPart['output']> = {};
  for (const message of prompt) {
    if (message.role !== 'tool' || typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result' && part.toolCallId !== undefined)
        results[part.toolCallId] = part.output;
    }
  }
  return results;
}

function streamOf(replies: readonly Reply[], finish: string): ReadableStream<unknown> {
  const parts: unknown[] = [{ type: 'stream-start', warnings: [] }];
  for (const [index, reply] of replies.entries()) {
    if (reply.type === 'text') {
      const id = `text-${index}`;
      parts.push(
        { type: 'text-start', id },
        { type: 'text-delta', id, delta: reply.text },
        { type: 'text-end', id },
      );
    } else {
      parts.push(
        { type: 'tool-input-start', id: reply.toolCallId, toolName: reply.toolName },
        { type: 'tool-input-delta', id: reply.toolCallId, delta: reply.input },
        { type: 'tool-input-end', id: reply.toolCallId },
        reply,
      );
    }
  }
  parts.push({ type: 'finish', finishReason: { unified: finish, raw: undefined }, usage });
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

/** A scripted model of an AI SDK version: one turn per model request, for `generateText` or `streamText`. */
export function scriptedModel(sdk: AISDKVersion, turns: readonly Turn[]) {
  const prompts: (readonly PromptMessage[])[] = [];
  const next = (prompt: readonly unknown[]): readonly Reply[] => {
    const messages = prompt as readonly PromptMessage[];
    const problems = promptProblems(messages);
    // As a provider answers an invalid request: a 400 the generation rejects with.
    if (problems.length > 0) throw new Error(`400 invalid request: ${problems.join('; ')}`);
    const turn = turns[prompts.length];
    prompts.push(messages);
    if (turn === undefined) throw new Error(`the script has no turn ${prompts.length}`);
    return turn(messages);
  };
  const finishOf = (replies: readonly Reply[]) =>
    replies.some((reply) => reply.type === 'tool-call') ? 'tool-calls' : 'stop';
  const model = sdk.mockModel({
    doGenerate: async ({ prompt }) => {
      const content = next(prompt);
      return { content, finishReason: { unified: finishOf(content), raw: undefined }, usage, warnings: [] };
    },
    doStream: async ({ prompt }) => {
      const content = next(prompt);
      return { stream: streamOf(content, finishOf(content)) };
    },
  });
  return {
    model,
    prompts,
    /** Turns not yet used. */
    remaining: () => turns.length - prompts.length,
  };
}

/** Runs a generation in a mode. */
export function run(sdk: AISDKVersion, mode: Mode, options: Record<string, unknown>) {
  return mode === 'generate' ? sdk.generate(options) : sdk.stream(options);
}

/**
 * The error a tool result reports to the model, as text: AI SDK 7 sends a tool's thrown error as
 * `error-text` (its message), AI SDK 6 as `error-json` (its JSON form) for calls run after an approval.
 * `undefined` when the result is not an error.
 */
export function errorReported(output: PromptPart['output']): string | undefined {
  if (output?.type === 'error-text') return String(output.value);
  if (output?.type === 'error-json') return JSON.stringify(output.value);
  return undefined;
}
