import type { RequestContext, Toolbox, ToolExecuteOptions } from '@armorer/core';
import type { TaskStateStore, ToolResultCache } from '@armorer/idempotency';
import type { McpHttpOptions, McpHttpServer } from '../http/types';
import type { MCP_OBSERVE, McpObserver } from '../observe/types';

/**
 * The part of an MCP transport armorer relies on. Every transport of `@modelcontextprotocol/sdk`
 * (stdio, Streamable HTTP, in-memory) satisfies it; it is declared here so that the types of
 * `@armorer/mcp` do not need the optional SDK peer installed.
 */
export interface McpTransport {
  start(): Promise<void>;
  send(message: never, options?: never): Promise<void>;
  close(): Promise<void>;
  readonly sessionId?: string | undefined;
}

/** The requests `callOptions` is asked about. */
export type McpCallMethod =
  | 'tools/call'
  | 'tasks/get'
  | 'tasks/update'
  | 'tasks/cancel'
  | 'armorer/tasks/list';

/**
 * What a host knows about one incoming `tools/call` (or task request) when it picks the call's options.
 * A task request is asked twice: first with `toolName` empty, for the caller's scope (the tenant and
 * principal of `requestContext.authority`, which must be the task's), then, when it runs the task's call
 * (taking it over, or resuming it with an answer), with the task's tool.
 */
export interface McpCallInfo {
  /** The request: `tools/call`, or a request about a task (the tasks extension of 2026-07-28). */
  readonly method: McpCallMethod;
  /** The tool called (empty while a task request has not read its task yet). */
  readonly toolName: string;
  /** The task a task request is about. */
  readonly taskId: string | undefined;
  /** The MCP session id (2025 Streamable HTTP), when the transport has one. 2026 requests have none. */
  readonly sessionId: string | undefined;
  /** The JSON-RPC id of the request. */
  readonly requestId: string | number;
  /** The validated access token's information, when an auth layer supplied one. */
  readonly authInfo: unknown;
  /** `legacy`: a 2025 revision (initialize, sessions, elicitation); `modern`: 2026-07-28 (stateless). */
  readonly era: 'legacy' | 'modern';
  /** The protocol revision of the request, when the SDK reports it. */
  readonly protocolVersion: string | undefined;
}

/** Per-call options a host may set; the signal always comes from the client's cancellation. */
export type McpCallOptions = Omit<ToolExecuteOptions, 'signal' | 'stream'>;

/** Options of {@link createMCP}. */
export interface CreateMcpOptions {
  /** Server name reported at initialization (default `armorer`). */
  readonly name?: string;
  /** Server version reported at initialization (default `0.0.0`). */
  readonly version?: string;
  /** Instructions for the model, returned at initialization. */
  readonly instructions?: string;
  /** Per-call options (owner, request context, timeout) chosen from the call. */
  readonly callOptions?: (info: McpCallInfo) => McpCallOptions | undefined;
  /**
   * Ask the human when a policy answers `needs_approval` or `needs_input` and the client declared form
   * elicitation (default true): a 2026-07-28 call answers `input_required` whose `requestState` is the
   * signed pause (so it needs an `approvalSecret`), a 2025 call sends `elicitation/create`. An approval (or
   * the input) resumes a signed pause through `toolbox.resumeApproval`, once, with the answer on
   * `requestContext.elicitation`; a refusal revokes its binding. A 2025 pause without a signed binding is
   * run again with the answer on `requestContext.elicitation`, where the policy reads it. Otherwise the
   * call ends as an `isError` result carrying the reason. A `timeout` from `callOptions` also bounds a
   * 2025 wait for the answer.
   */
  readonly elicitation?: boolean;
  /**
   * The official SDK package that serves: `v2` (`@modelcontextprotocol/server` 2.x: the 2026-07-28
   * revision and the 2025 revisions from one server) or `v1` (`@modelcontextprotocol/sdk` 1.x: the 2025
   * revisions). Default: `v2` when it can be imported, else `v1`.
   */
  readonly sdk?: 'v1' | 'v2';
  /**
   * Most `tools/call` requests one session runs at once (a stdio or in-process connection, a 2025 HTTP
   * session; default 32). Past it a call ends at once as an `isError` result with code `RATE_LIMITED`
   * (retryable), so one client cannot hold every worker. 2026 HTTP requests have no session.
   */
  readonly maxConcurrentCallsPerSession?: number;
  /**
   * The cache hint of 2026 `tools/list` results: how long a client may reuse the list (default 60 s) and
   * who may share it (default `private`). A `setToolbox` notifies subscribed clients at once either way;
   * every list also names its `armorer/catalogRevision` in `_meta`.
   */
  readonly listCache?: { readonly ttlMs?: number; readonly scope?: 'public' | 'private' };
  /**
   * Long-running calls as MCP tasks (the `io.modelcontextprotocol/tasks` extension of 2026-07-28, with
   * the v2 packages): `true` or options turns them on. A task runs a tool declared `metadata.longRunning:
   * true`, or (with `afterMs`) any call still running after that long, for a 2026 client that declared the
   * extension; the client polls it (`tasks/get`), answers its approvals (`tasks/update`), cancels it
   * (`tasks/cancel`) and lists its own (`armorer/tasks/list`). 2025 clients get the call's result as
   * before.
   */
  readonly tasks?: boolean | McpTaskOptions;
  /**
   * Where tasks live (default: process-local). Give every instance the same durable store (the
   * `taskStateStore` of `createRedisStores`, `createPostgresStores` or `createSqliteStores`) and a task
   * started on one is polled, answered, cancelled and finished on another. Turns tasks on.
   */
  readonly taskStateStore?: TaskStateStore;
  /**
   * The idempotency records of task runs (required with `taskStateStore`: the `cache` of the same stores),
   * so a task never runs twice: `createMCP(toolbox, { ...stores })` passes both.
   */
  readonly cache?: ToolResultCache;
}

/** Options of MCP tasks (see {@link CreateMcpOptions.tasks}). */
export interface McpTaskOptions {
  /** Any call still running after this many ms becomes a task (default: only `longRunning` tools do). */
  readonly afterMs?: number;
  /** How long a task is kept after it was created, its `ttlMs` (default one hour). */
  readonly ttlMs?: number;
  /** The polling interval suggested to clients (default 1000 ms). */
  readonly pollIntervalMs?: number;
  /**
   * How long an instance holds a running task without renewing it (default 30 s; renewed every third of
   * it). Past it, the next request about the task on any instance takes it over: an idempotent run that
   * never started runs there, one that may have run ends `failed` with an unknown outcome.
   */
  readonly leaseMs?: number;
  /** The largest result a task records, as JSON (default 1 MiB); a larger one becomes an `isError` result. */
  readonly maxResultBytes?: number;
}

/** The answer a human gave through elicitation, as the re-run call's policy sees it. */
export interface McpElicitationAnswer {
  readonly action: 'accept';
  /** The execution the answer resolves (the paused one). */
  readonly executionId: string;
  readonly kind: 'approval' | 'input';
  /** The form content the client returned. */
  readonly content: Readonly<Record<string, unknown>>;
}

/** A request context carrying an elicitation answer. */
export interface ElicitedRequestContext extends RequestContext {
  readonly elicitation?: McpElicitationAnswer;
}

/** One connected MCP client. */
export interface McpSession {
  /** The transport's session id, when it has one. */
  readonly sessionId: string | undefined;
  /** Resolves when the session has closed. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link ArmorerMcpServer.close}. */
export interface McpCloseOptions {
  /** How long in-flight calls may run before they are cancelled (default 5,000 ms). */
  readonly drainTimeoutMs?: number;
}

/** A toolbox served over MCP: connect any number of transports; replace the toolbox at any time. */
export interface ArmorerMcpServer {
  /** The toolbox being served now. */
  readonly toolbox: Toolbox;
  /** Connected sessions. */
  readonly sessions: number;
  /** `tools/call` requests currently executing. */
  readonly inFlight: number;
  /** Whether `close()` has been called. */
  readonly closed: boolean;
  /** Serves a new toolbox and sends `notifications/tools/list_changed` to every session. */
  setToolbox(toolbox: Toolbox): Promise<void>;
  /** Connects one transport (one client session). */
  connect(transport: McpTransport): Promise<McpSession>;
  /** Serves this process's stdin/stdout (the usual way an MCP client launches a server). */
  serveStdio(): Promise<McpSession>;
  /** Serves Streamable HTTP on loopback (by default), one session per client; see {@link McpHttpOptions}. */
  serveHttp(options?: McpHttpOptions): Promise<McpHttpServer>;
  /** Refuses new calls, drains in-flight calls (cancelling them after the timeout), closes every session. */
  close(options?: McpCloseOptions): Promise<void>;
  /**
   * Registers an observer of every `tools/list` and `tools/call` this server serves (what `instrument()` of
   * `@armorer/instrumentation` uses for MCP spans); returns the function that removes it.
   */
  [MCP_OBSERVE](observer: McpObserver): () => void;
}
