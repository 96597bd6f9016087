import type { AnyTool, Toolbox } from '@armorer/core';
import type { McpObservable } from '../observe/types';

/** Progress reported by a server for one call. */
export interface McpProgress {
  readonly progress: number;
  readonly total?: number | undefined;
  readonly message?: string | undefined;
}

/** Request options armorer passes to the client. */
export interface McpClientRequestOptions {
  readonly signal?: AbortSignal;
  readonly timeout?: number;
  readonly resetTimeoutOnProgress?: boolean;
  readonly onprogress?: (progress: McpProgress) => void;
  /**
   * The v2 client's response cache for `tools/list` (`'refresh'`: always ask the server and store the
   * answer). The v1 client has no cache and ignores it.
   */
  readonly cacheMode?: 'use' | 'refresh' | 'bypass';
}

/**
 * The part of an MCP client `fromMcpTools` uses. The `Client` of either official SDK satisfies it (v1
 * `@modelcontextprotocol/sdk`, v2 `@modelcontextprotocol/client`); it is declared here so that the types
 * of `@armorer/mcp` hold without an SDK installed.
 */
export interface McpClientLike {
  listTools(
    params?: { cursor?: string },
    options?: McpClientRequestOptions,
  ): Promise<{ readonly tools: readonly unknown[]; readonly nextCursor?: string | undefined }>;
  callTool(
    params: { name: string; arguments?: Record<string, unknown>; _meta?: Record<string, unknown> },
    resultSchema?: never,
    options?: McpClientRequestOptions,
  ): Promise<unknown>;
  /**
   * Present on the v2 `Client` (`@modelcontextprotocol/client`), whose `callTool(params, options)` takes
   * no result schema: armorer passes the options second to it.
   */
  getProtocolEra?(): unknown;
}

/** A definition that differs from the one trusted. */
export interface McpDefinitionChange {
  /** The MCP tool name. */
  readonly name: string;
  /** `changed`: new fingerprint; `removed`: no longer listed; `added`: listed but never trusted. */
  readonly kind: 'changed' | 'removed' | 'added';
  /** The trusted fingerprint (absent for `added`). */
  readonly trusted?: string;
  /** The fingerprint the server lists now (absent for `removed`). */
  readonly current?: string;
}

/** Options of {@link fromMcpTools}. */
export interface FromMcpToolsOptions {
  /** Prefix for the armorer tool names (`github.` turns `get_me` into `github.get_me`). */
  readonly prefix?: string;
  /** Only import the tools this returns true for. */
  readonly filter?: (name: string) => boolean;
  /**
   * Trusted fingerprints by MCP tool name (from an earlier import's `fingerprints`). A listed tool whose
   * definition no longer matches is not imported: `fromMcpTools` throws an `McpDefinitionError`
   * (code `DEFINITION_CHANGED`). Tools not in `pins` are trusted on first use unless `requirePins`.
   */
  readonly pins?: Readonly<Record<string, string>>;
  /** Refuse tools that have no pin (default false). */
  readonly requirePins?: boolean;
  /** Called for every change `refresh()` finds. */
  readonly onDefinitionChange?: (change: McpDefinitionChange) => void;
  /** Per-request timeout passed to the client (each `tools/call` and `tools/list` page), in milliseconds. */
  readonly timeout?: number;
}

/** What {@link fromMcpTools} returns. */
export interface McpImportedTools extends McpObservable {
  /** The imported tools, whose calls go through the client. */
  readonly tools: readonly AnyTool[];
  /** A toolbox of the imported tools. */
  readonly toolbox: Toolbox;
  /** Trusted fingerprints by MCP tool name: persist them and pass them back as `pins`. */
  readonly fingerprints: Readonly<Record<string, string>>;
  /**
   * Lists the server's tools again and compares them with the trusted definitions. A changed or removed
   * tool is blocked (its calls end with POLICY_DENIED, naming the change) until `trust()` accepts it.
   */
  refresh(): Promise<readonly McpDefinitionChange[]>;
  /** Accepts the definitions last listed for these tools (all blocked ones without names). */
  trust(names?: readonly string[]): void;
  /** Tools currently blocked by a definition change. */
  readonly blocked: readonly McpDefinitionChange[];
}
