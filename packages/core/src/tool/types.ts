import type { z } from 'zod';
import type { EventSource, ToolEventMap } from '../events/types';
import type { ExecuteWithOptions, ToolCall, ToolExecuteOptions, ToolResult } from '../execution/types';
import type { RequestContext } from '../policy/request-context';
import type { ToolPolicy } from '../policy/types';
import type { ExecutionLifetime } from '../toolbox/types';
import type { LazyExecute } from './lazy';

/** An object schema with any shape and any unknown-key mode. */
export type ObjectSchema = z.ZodObject<z.core.$ZodLooseShape, z.core.$ZodObjectConfig>;
/** A plain object shape, e.g. `{ a: z.number() }`, accepted wherever an object schema is. */
export type ObjectShape = Readonly<Record<string, z.ZodType>>;
/** What `input` accepts: an object schema or a plain shape. */
export type ToolInput = ObjectSchema | ObjectShape;
/** The object schema a tool input normalizes to. */
export type SchemaOf<TInput> = TInput extends ObjectSchema
  ? TInput
  : TInput extends ObjectShape
    ? z.ZodObject<{ -readonly [K in keyof TInput]: TInput[K] }, z.core.$strip>
    : z.ZodObject<Record<never, never>, z.core.$strip>;
/** What callers pass (before defaults and transforms). */
export type ToolInputOf<TInput> = z.input<SchemaOf<TInput>>;
/** What the implementation receives (after validation). */
export type ToolParamsOf<TInput> = z.output<SchemaOf<TInput>>;
/** Streamed output is collected into an array unless the call asks for the live stream. */
export type Collected<TResult> = TResult extends AsyncIterable<infer TChunk> ? TChunk[] : TResult;

/**
 * Out-of-band descriptor: discovery, routing, UI grouping and policy. Keys with built-in enforcement:
 * `mutates`, `readOnly`, `dangerous`, `concurrency`.
 */
export interface ToolMetadata {
  readonly mutates?: boolean;
  readonly readOnly?: boolean;
  readonly dangerous?: boolean;
  /** Per-tool concurrency limit. */
  readonly concurrency?: number;
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
> {
  readonly name: TName;
  readonly description: string;
  /** Object schema or plain shape; defaults to `z.object({})`. */
  readonly input?: TInput;
  readonly tags?: readonly string[];
  readonly metadata?: ToolMetadata;
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
    | ToolExecute<ToolParamsOf<TInput>, TResult, TContext>
    | PromiseLike<ToolExecute<ToolParamsOf<TInput>, TResult, TContext>>
    | LazyExecute<ToolExecute<ToolParamsOf<TInput>, TResult, TContext>>;
}

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
