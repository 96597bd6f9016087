import * as latest from 'ai';
import * as latestTest from 'ai/test';
import * as six from 'ai-v6';
import * as sixTest from 'ai-v6/test';
import * as sevenZero from 'ai-v7-0';
import * as sevenZeroTest from 'ai-v7-0/test';

/** One message of a generation's response (`ModelMessage`), as the tests read it. */
export interface Message {
  readonly role: string;
  readonly content: string | readonly Part[];
}

/** One content part (of a message or of a step), as the tests read it. */
export interface Part {
  readonly type: string;
  readonly toolCallId?: string;
  readonly toolName?: string;
  readonly approvalId?: string;
  readonly input?: unknown;
  readonly output?: unknown;
  readonly error?: unknown;
  readonly text?: string;
}

/** What a finished generation gives back, for `generateText` and `streamText` alike. */
export interface Generation {
  readonly text: string;
  readonly content: readonly Part[];
  readonly steps: readonly { readonly content: readonly Part[] }[];
  /** The messages to append to the conversation (`response.messages`). */
  readonly messages: readonly Message[];
}

/** A mock language model's two entry points, as `MockLanguageModelV3`/`V4` of `ai/test` take them. */
export interface MockModelOptions {
  readonly doGenerate: (options: { readonly prompt: readonly unknown[] }) => Promise<unknown>;
  readonly doStream: (options: { readonly prompt: readonly unknown[] }) => Promise<unknown>;
}

/** One installed version of the AI SDK, reduced to what the tests drive. */
export interface AISDKVersion {
  readonly name: string;
  readonly generate: (options: Record<string, unknown>) => Promise<Generation>;
  readonly stream: (options: Record<string, unknown>) => Promise<Generation>;
  readonly stepCountIs: (count: number) => unknown;
  readonly mockModel: (options: MockModelOptions) => unknown;
  /** `asSchema` of this version, for importing tool sets with it. */
  readonly asSchema: (schema: unknown) => {
    readonly jsonSchema: unknown;
    readonly validate?: (value: unknown) => unknown;
  };
  /** `tool()` and `jsonSchema()` of this version. */
  readonly tool: <T extends object>(definition: T) => T;
  readonly jsonSchema: (schema: Record<string, unknown>) => unknown;
}

/** The functions of an `ai` module the tests call, typed loosely: each version types them its own way. */
interface Module {
  readonly generateText: (options: never) => unknown;
  readonly streamText: (options: never) => unknown;
  readonly stepCountIs: (count: number) => unknown;
  readonly asSchema: (schema: never) => unknown;
  readonly tool: (definition: never) => unknown;
  readonly jsonSchema: (schema: never) => unknown;
}

function version(name: string, sdk: Module, mockModel: (options: MockModelOptions) => unknown): AISDKVersion {
  return {
    name,
    async generate(options) {
      const result = (await sdk.generateText(options as never)) as unknown as {
        text: string;
        content: Part[];
        steps: { content: Part[] }[];
        response: { messages: Message[] };
      };
      return {
        text: result.text,
        content: result.content,
        steps: result.steps,
        messages: result.response.messages,
      };
    },
    async stream(options) {
      const result = sdk.streamText(options as never) as unknown as {
        consumeStream(): PromiseLike<void>;
        text: PromiseLike<string>;
        content: PromiseLike<Part[]>;
        steps: PromiseLike<{ content: Part[] }[]>;
        response: PromiseLike<{ messages: Message[] }>;
      };
      await result.consumeStream();
      return {
        text: await result.text,
        content: await result.content,
        steps: await result.steps,
        messages: (await result.response).messages,
      };
    },
    stepCountIs: (count) => sdk.stepCountIs(count),
    mockModel,
    asSchema: (schema) => sdk.asSchema(schema as never) as ReturnType<AISDKVersion['asSchema']>,
    tool: (definition) => sdk.tool(definition as never) as typeof definition,
    jsonSchema: (schema) => sdk.jsonSchema(schema as never),
  };
}

/**
 * The AI SDK versions the adapter is tested with: the lowest of its peer range (6.0.0), the first 7 (where
 * tool approval moved to `generateText`/`streamText`) and the latest, each driven by its own mock model.
 */
export const AI_SDK_VERSIONS: readonly AISDKVersion[] = [
  version('ai 6.0.0', six as Module, (options) => new sixTest.MockLanguageModelV3(options as never)),
  version(
    'ai 7.0.0',
    sevenZero as Module,
    (options) => new sevenZeroTest.MockLanguageModelV4(options as never),
  ),
  version('ai latest', latest as Module, (options) => new latestTest.MockLanguageModelV4(options as never)),
];

/** The two ways to run a generation. */
export const MODES = ['generate', 'stream'] as const;
export type Mode = (typeof MODES)[number];
