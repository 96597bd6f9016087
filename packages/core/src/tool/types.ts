import type { z } from 'zod';
import type { EventSource, ToolEventMap } from '../events/types';
import type { ExecuteWithOptions, ToolCall, ToolExecuteOptions, ToolResult } from '../execution/types';
import type { RequestContext } from '../policy/request-context';
import type { ToolPolicy } from '../policy/types';
import type { ExecutionLifetime } from '../toolbox/types';
import type { LazyExecute } from './lazy';
import type { CheckedMetadata } from './metadata-check';
import type { StandardSchemaV1 } from './standard-schema-types';

/** An object schema with any shape and any unknown-key mode. */
export type ObjectSchema = z.ZodObject<z.core.$ZodLooseShape, z.core.$ZodObjectConfig>;
/** A plain object shape, e.g. `{ a: z.number() }`, accepted wherever an object schema is. */
export type ObjectShape = Readonly<Record<string, z.ZodType>>;
/** Any Standard Schema v1 validator of objects (Valibot, ArkType, Zod 3.25+, ...). */
export type StandardObjectSchema = StandardSchemaV1<Record<string, unknown>, Record<string, unknown>>;
/** A Zod 4 input: an object schema or a plain shape (what schema-reading helpers such as `schemaMatches` take). */
export type ZodToolInput = ObjectSchema | ObjectShape;
/**
 * What `input` accepts: a Zod 4 object schema, a plain shape of Zod schemas, or any Standard Schema
 * validator of objects.
 */
export type ToolInput = ObjectSchema | ObjectShape | StandardObjectSchema;
/**
 * The object schema a tool input normalizes to. A Standard Schema input is held as a loose Zod object
 * that validates through the Standard Schema.
 */
export type SchemaOf<TInput> = TInput extends ObjectSchema
  ? TInput
  : TInput extends ObjectShape
    ? z.ZodObject<{ -readonly [K in keyof TInput]: TInput[K] }, z.core.$strip>
    : TInput extends StandardSchemaV1
      ? z.ZodObject<Record<never, never>, z.core.$loose>
      : z.ZodObject<Record<never, never>, z.core.$strip>;
/** What callers pass (before defaults and transforms). */
export type ToolInputOf<TInput> = TInput extends ObjectSchema | ObjectShape
  ? z.input<SchemaOf<TInput>>
  : TInput extends StandardSchemaV1
    ? StandardSchemaV1.InferInput<TInput>
    : z.input<SchemaOf<TInput>>;
/** What the implementation receives (after validation). */
export type ToolParamsOf<TInput> = TInput extends ObjectSchema | ObjectShape
  ? z.output<SchemaOf<TInput>>
  : TInput extends StandardSchemaV1
    ? StandardSchemaV1.InferOutput<TInput>
    : z.output<SchemaOf<TInput>>;
/** What `output` accepts: any Zod schema or Standard Schema validator of the tool's result. */
export type ToolOutput = StandardSchemaV1;
/** What the implementation must return for an output schema (before its transforms). */
export type OutputInputOf<TOutput> = TOutput extends StandardSchemaV1
  ? StandardSchemaV1.InferInput<TOutput>
  : unknown;
/** The result a tool's callers get: the output schema's output type, else what the implementation returns. */
export type ResultOf<TOutput, TResult> = [TOutput] extends [undefined]
  ? TResult
  : TOutput extends StandardSchemaV1
    ? StandardSchemaV1.InferOutput<TOutput>
    : TResult;
/** Streamed output is collected into an array unless the call asks for the live stream. */
export type Collected<TResult> = TResult extends AsyncIterable<infer TChunk> ? TChunk[] : TResult;

/**
 * Out-of-band descriptor: discovery, routing, UI grouping and policy. The keys below are the ones armorer
 * reads, typed; any other key is free-form. `createTool` refuses (at compile time and at creation) a
 * free-form key that looks like a misspelled known one, so a typo cannot switch a guard off.
 */
export interface ToolMetadata {
  /** The tool changes state: denied by `readOnly` toolboxes and by `allowMutation: false`. */
  readonly mutates?: boolean;
  /** The tool only reads: what `readOnly: 'declared'` toolboxes require. */
  readonly readOnly?: boolean;
  /** Denied by `allowDangerous: false`; MCP `destructiveHint`. */
  readonly dangerous?: boolean;
  /** Per-tool concurrency limit (a positive integer). */
  readonly concurrency?: number;
  /**
   * What the tool returns, as a Zod or Standard Schema (validated at run time, like `output`) or a JSON
   * Schema (exported only). Prefer the `output` option of `createTool`, which also types the implementation.
   */
  readonly outputSchema?: StandardSchemaV1 | { readonly [key: string]: unknown };
  /** The deadline of every call in milliseconds, read by `armorer/middleware`'s timeout middleware. */
  readonly timeoutMs?: number;
  /** A display name (MCP `title`). */
  readonly title?: string;
  /** Repeating a call with the same arguments has no further effect (MCP `idempotentHint`). */
  readonly idempotent?: boolean;
  /** The tool reaches outside systems (MCP `openWorldHint`). */
  readonly openWorld?: boolean;
  /** OpenAI options: `strict` declares the tool in strict mode. */
  readonly openai?: { readonly strict?: boolean };
  /** The operation a tool imported by `armorer/openapi` calls (written by `fromOpenAPI`). */
  readonly openapi?: { readonly method: string; readonly path: string; readonly operationId?: string };
  readonly [key: string]: unknown;
}

/** Risk flags with built-in query and tag support. */
export interface ToolRisk {
  /** Output may contain third-party instructions; adds the `untrusted-output` tag. */
  readonly untrustedOutput?: boolean;
  readonly [key: string]: unknown;
}

/** A progress update reported from inside a tool. */
export interface ProgressUpdate {
  /** 0 to 100. */
  readonly percent?: number;
  readonly message?: string;
  /** Any shape, forwarded verbatim to listeners. */
  readonly checkpoint?: unknown;
}

/** An event a tool dispatches from inside its implementation. */
export interface DispatchedEvent {
  readonly type: string;
  readonly detail?: unknown;
}

/** What armorer adds to the context every implementation receives as its second argument. */
export interface ToolCallContext {
  readonly toolName: string;
  readonly callId: string;
  readonly executionId: string;
  readonly ownerId: string | undefined;
  readonly requestContext: RequestContext | undefined;
  readonly metadata: ToolMetadata | undefined;
  /** Composed from the caller's signal, the call's timeout and the owner's shutdown. */
  readonly signal: AbortSignal;
  /** Dispatches an event to the tool's and the toolbox's listeners; a no-op once the call has ended. */
  readonly dispatch: (event: DispatchedEvent) => void;
  /** Reports progress; a no-op once the call has ended. Never extends a timeout. */
  readonly progress: (update: ProgressUpdate) => void;
}

/** The second argument of an implementation: the shared context plus the per-call fields. */
export type ToolContext<TContext extends object = Record<never, never>> = Omit<
  TContext,
  keyof ToolCallContext
> &
  ToolCallContext;

/** A tool implementation. */
export type ToolExecute<TParams, TResult, TContext extends object = Record<never, never>> = (
  params: TParams,
  context: ToolContext<TContext>,
) => TResult | Promise<TResult>;

/** Everything `createTool` accepts. */
export interface ToolConfig<
  TName extends string = string,
  TInput extends ToolInput = ToolInput,
  TResult = unknown,
  TContext extends object = Record<never, never>,
  TOutput extends ToolOutput | undefined = undefined,
  TMetadata extends ToolMetadata = ToolMetadata,
> {
  readonly name: TName;
  readonly description: string;
  /**
   * A Zod object schema, a plain shape, or any Standard Schema validator of objects (Valibot, ArkType,
   * ...); defaults to `z.object({})`.
   */
  readonly input?: TInput;
  /**
   * The JSON Schema of the arguments, for provider exports: needed for a Standard Schema input that
   * cannot describe itself (no Standard JSON Schema interface); for other inputs it replaces the
   * generated one.
   */
  readonly jsonSchema?: Record<string, unknown>;
  /**
   * The schema of the result. It types the implementation's return value, validates every result at
   * run time (OUTPUT_INVALID when it does not match) and is exported (MCP `outputSchema`, OpenAPI
   * responses). Callers get the schema's output (defaults and transforms applied, unknown keys of Zod
   * objects stripped).
   */
  readonly output?: TOutput;
  readonly tags?: readonly string[];
  readonly metadata?: CheckedMetadata<TMetadata>;
  readonly risk?: ToolRisk;
  /** Default context values for this tool; a toolbox context is merged underneath (the tool wins). */
  readonly context?: Partial<TContext> & Record<string, unknown>;
  /** Runtime availability, evaluated against the context; unavailable tools are hidden and refused. */
  readonly availability?: (
    context: Readonly<TContext & Record<string, unknown>>,
  ) => boolean | Promise<boolean>;
  readonly policy?: ToolPolicy;
  /** Emit `tool.started` / `tool.finished`. */
  readonly telemetry?: boolean;
  /**
   * Derives the idempotency key of a call from its validated arguments (read by `armorer/idempotency`;
   * for example `fieldKey('orderId')`). A tool without one is not deduplicated unless the caller passes a
   * key or the idempotent toolbox sets `requireExplicitKey: false`.
   */
  readonly idempotencyKey?: (params: ToolParamsOf<TInput>) => string;
  /** The implementation, a promise of it, or `lazy(() => import(...))`. */
  readonly execute:
    | ToolExecute<ToolParamsOf<TInput>, ImplementationResult<TOutput, TResult>, TContext>
    | PromiseLike<ToolExecute<ToolParamsOf<TInput>, ImplementationResult<TOutput, TResult>, TContext>>
    | LazyExecute<ToolExecute<ToolParamsOf<TInput>, ImplementationResult<TOutput, TResult>, TContext>>;
}

/**
 * What an implementation returns: the output schema's input type when there is one (for an array schema,
 * also a stream of its elements: the collected chunks are validated as the array).
 */
export type ImplementationResult<TOutput, TResult> = [TOutput] extends [undefined]
  ? TResult
  : OutputInputOf<TOutput> extends infer TReturn
    ? TReturn extends readonly (infer TChunk)[]
      ? TReturn | AsyncIterable<TChunk>
      : TReturn
    : never;

/** The JSON form of a tool: what `toJSON()` returns and `createToolbox` hydrates. */
export interface SerializedTool {
  readonly name: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly metadata?: ToolMetadata;
  readonly risk?: ToolRisk;
  /** JSON Schema (draft 2020-12) of the arguments, made by `z.toJSONSchema`. */
  readonly input: Record<string, unknown>;
}

/** Phantom type information used for inference; never present at run time. */
export interface ToolTypes<TInput = unknown, TResult = unknown> {
  readonly input: TInput;
  readonly result: TResult;
}

/** The structural part every tool shares, used as the constraint of toolbox type parameters. */
export interface ToolLike<TName extends string = string> {
  readonly name: TName;
  readonly description: string;
  readonly '~types'?: ToolTypes;
}

/** The parameter list of the callable form: optional when the schema requires nothing. */
export type ToolCallArgs<TInput> =
  Record<never, never> extends ToolInputOf<TInput>
    ? [params?: ToolInputOf<TInput>]
    : [params: ToolInputOf<TInput>];

/**
 * A tool: callable (`await tool(params)` throws on failure) and executable (`tool.execute(call)` returns
 * a {@link ToolResult}). It also exposes the lifetime of the calls made on it directly (not through a
 * toolbox).
 */
export interface Tool<
  TName extends string = string,
  TInput extends ToolInput = ToolInput,
  TResult = unknown,
  TContext extends object = Record<never, never>,
> extends ToolLike<TName>,
    EventSource<ToolEventMap>,
    ExecutionLifetime {
  (...args: ToolCallArgs<TInput>): Promise<Collected<TResult>>;
  readonly '~types'?: ToolTypes<ToolInputOf<TInput>, Collected<TResult>>;
  readonly schema: SchemaOf<TInput>;
  readonly tags: readonly string[];
  readonly metadata: ToolMetadata | undefined;
  readonly risk: ToolRisk | undefined;
  /** The configuration the tool was created from, with the normalized schema. */
  readonly configuration: ToolConfiguration;
  /**
   * The tool's full revision (`tooldef_…`, as `getToolRevision(tool)` gives it): a digest of its
   * serialized definition, which idempotency keys and resolution receipts are bound to. It changes
   * whenever the definition changes; a toolbox middleware that transforms the tool gives the registered
   * copy a revision of its own.
   */
  readonly id: string;
  /** Returns a {@link ToolResult}; never throws for tool failures. */
  execute(call: ToolCall<TName>, options?: ToolExecuteOptions): Promise<ToolResult<Collected<TResult>>>;
  /** Throws a `ToolCallError` when the call does not succeed. */
  execute(params: ToolInputOf<TInput>, options?: ToolExecuteOptions): Promise<Collected<TResult>>;
  /** Parameters plus call options in one object; returns a {@link ToolResult}. */
  executeWith(
    options: ExecuteWithOptions<ToolInputOf<TInput>> & { readonly stream: true },
  ): Promise<ToolResult<TResult extends AsyncIterable<unknown> ? TResult : Collected<TResult>>>;
  executeWith(options: ExecuteWithOptions<ToolInputOf<TInput>>): Promise<ToolResult<Collected<TResult>>>;
  /** Calls the implementation directly (no validation, policy or events) with a context you supply. */
  rawExecute(params: ToolParamsOf<TInput>, context?: Partial<ToolContext<TContext>>): Promise<TResult>;
  toJSON(): SerializedTool;
}

/** A tool configuration after normalization (schema resolved, tags complete). */
export interface ToolConfiguration {
  readonly name: string;
  readonly description: string;
  readonly schema: ObjectSchema;
  readonly tags: readonly string[];
  readonly metadata: ToolMetadata | undefined;
  readonly risk: ToolRisk | undefined;
  /**
   * The schema results are validated against: the `output` option, else `metadata.outputSchema` when
   * that is a schema; undefined when the tool declares none.
   */
  readonly output?: StandardSchemaV1 | undefined;
  readonly context: Readonly<Record<string, unknown>> | undefined;
  readonly availability:
    | ((context: Readonly<Record<string, unknown>>) => boolean | Promise<boolean>)
    | undefined;
  readonly policy: ToolPolicy | undefined;
  readonly telemetry: boolean;
  /** The tool's idempotency key function, when it has one (see {@link ToolConfig.idempotencyKey}). */
  readonly idempotencyKey?: ((params: Record<string, unknown>) => string) | undefined;
  /** Always a function; lazy and promised implementations are wrapped so they load on first call. */
  readonly execute: (
    params: Record<string, unknown>,
    context: ToolContext<Record<string, unknown>>,
  ) => unknown;
}

/** Any tool, whatever its types. */
export type AnyTool = ToolLike & {
  readonly configuration: ToolConfiguration;
};
