/**
 * The JSON the inspector's server and its page exchange. Types only: the page is bundled from the same
 * sources, so both sides compile against one definition. Every value a tool or a model produced travels
 * as a {@link PreviewJson} (bounded and sanitized on the server).
 */
import type { PreviewJson } from './render/preview-value';

export type { PreviewJson } from './render/preview-value';

/** Why a tool matched a search: a query word, the tool term it met and the fields holding it. */
export interface MatchView {
  readonly score: number;
  readonly lexicalScore: number;
  readonly semanticScore?: number;
  readonly matched: readonly {
    readonly word: string;
    readonly term: string;
    readonly fields: readonly string[];
  }[];
}

/** One tool in the list. */
export interface ToolView {
  readonly name: string;
  readonly description: string;
  readonly tags: readonly string[];
  /** The enforced metadata flags. */
  readonly flags: {
    readonly readOnly: boolean;
    readonly mutates: boolean;
    readonly dangerous: boolean;
    readonly untrustedOutput: boolean;
  };
  readonly metadata: PreviewJson;
  readonly risk: PreviewJson;
  /** The tool's availability hook passes (what the model is shown). */
  readonly available: boolean;
  /** Set when the list is a search: the ranking and its explanation. */
  readonly match?: MatchView;
}

/** The answer of `tools`. */
export interface ToolsAnswer {
  readonly query: string;
  readonly ranked: boolean;
  readonly tools: readonly ToolView[];
  readonly total: number;
  readonly error?: string;
}

/** Providers whose declarations are shown side by side. */
export type DeclarationProvider = 'openai' | 'openai-strict' | 'anthropic' | 'gemini';

/** One conversion warning of a declaration. */
export interface WarningView {
  readonly code: string;
  readonly path: string;
  readonly keyword?: string;
  readonly message: string;
}

/** One provider's declaration of the selected tool. */
export interface DeclarationView {
  readonly provider: DeclarationProvider;
  readonly label: string;
  readonly declaration: PreviewJson;
  readonly warnings: readonly WarningView[];
  readonly error?: string;
}

/** The answer of `tool`: everything about one tool. */
export interface ToolDetail {
  readonly tool: ToolView;
  /** JSON Schema (draft 2020-12) of the arguments, as callers send them. */
  readonly inputSchema: PreviewJson;
  readonly declarations: readonly DeclarationView[];
}

/** A `ToolResult` as the page shows it. */
export interface ResultView {
  readonly callId: string;
  readonly toolName: string;
  readonly outcome: string;
  readonly executionId?: string;
  readonly errorCode?: string;
  readonly errorCategory?: string;
  readonly errorMessage?: string;
  readonly error?: PreviewJson;
  readonly result?: PreviewJson;
  readonly content?: PreviewJson;
  /** Set when the call paused: the id of its entry in the approvals queue. */
  readonly approvalId?: string;
  readonly executedArgumentsEdited?: boolean;
}

/** The answer of `preview`: what a call would meet before its implementation runs. */
export interface PreviewAnswer {
  readonly status: string;
  readonly errorCode?: string;
  readonly errorMessage?: string;
}

/** One toolbox event, in the order the toolbox fired it. */
export interface EventView {
  readonly seq: number;
  readonly type: string;
  readonly timestamp: number;
  readonly toolName?: string;
  readonly callId?: string;
  readonly executionId?: string;
  readonly detail: PreviewJson;
}

/** Providers whose raw tool calls the replay box reads. */
export type ReplayProvider = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';

/** The answer of `replay`. */
export interface ReplayAnswer {
  readonly provider: ReplayProvider;
  /** Set when the input could not be read as that provider's tool calls. */
  readonly error?: string;
  readonly calls: readonly { readonly id?: string; readonly name: string; readonly arguments: PreviewJson }[];
  readonly results: readonly ResultView[];
  /** What the next request to the model carries: the provider's own tool-result messages. */
  readonly modelReceives: PreviewJson;
}

/** Where a queued approval stands. */
export type ApprovalState = 'pending' | 'resuming' | 'approved' | 'refused' | 'denied';

/** One paused call in the approvals queue. */
export interface ApprovalView {
  readonly id: string;
  readonly toolName: string;
  readonly callId: string;
  readonly kind: string;
  readonly reason?: string;
  readonly createdAt: number;
  readonly state: ApprovalState;
  /** Sanitized, bounded rendering of the proposed arguments. */
  readonly arguments: PreviewJson;
  /** The exact arguments as JSON for editing, when small enough to edit. */
  readonly argumentsJson?: string;
  /** False when the descriptor carries no signed binding (the toolbox has no `approvalSecret`). */
  readonly resumable: boolean;
  readonly result?: ResultView;
  readonly message?: string;
}

/** A reusable approval grant as listed (without its signature). */
export interface GrantView {
  readonly id: string;
  readonly toolName: string;
  readonly principalId: string;
  readonly tenantId?: string;
  readonly scope: string;
  readonly usesRemaining: number;
  readonly maxUses: number;
  readonly expiresAt: number;
  readonly revoked: boolean;
  readonly resourcePattern?: string;
}

/** The answer of `grants` and of issuing or revoking one. */
export interface GrantsAnswer {
  readonly grants: readonly GrantView[];
  readonly error?: string;
}

/** One execution, with every state it was seen in. */
export interface ExecutionView {
  readonly executionId: string;
  readonly callId: string;
  readonly toolName: string;
  readonly state: string;
  readonly phases: readonly { readonly state: string; readonly at: number }[];
  readonly outcome?: string;
  readonly errorCode?: string;
  readonly durationMs?: number;
  readonly progress?: number;
}

/** Latency and outcomes of one tool's finished executions. */
export interface ToolStatsView {
  readonly toolName: string;
  readonly outcomes: Readonly<Record<string, number>>;
  /** Counts per latency bucket; `upToMs` null for the last, open bucket. */
  readonly histogram: readonly { readonly upToMs: number | null; readonly count: number }[];
}

/** The answer of `state`: what the page needs on load. */
export interface StateAnswer {
  readonly toolCount: number;
  readonly requestContext: PreviewJson;
  readonly approvals: readonly ApprovalView[];
  readonly executions: readonly ExecutionView[];
  readonly stats: readonly ToolStatsView[];
}

/** A message on the live stream. */
export type StreamMessage =
  | { readonly kind: 'event'; readonly event: EventView }
  | { readonly kind: 'approvals'; readonly approvals: readonly ApprovalView[] }
  | {
      readonly kind: 'execution';
      readonly execution: ExecutionView;
      readonly stats: ToolStatsView | undefined;
    };
