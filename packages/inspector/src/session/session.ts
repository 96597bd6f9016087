import {
  previewToolCall,
  type RequestContext,
  type Toolbox,
  type ToolCallPreview,
  type ToolResult,
} from '@armorer/core';
import type {
  ApprovalView,
  PreviewAnswer,
  ReplayAnswer,
  ReplayProvider,
  ResultView,
  StateAnswer,
  ToolDetail,
  ToolsAnswer,
} from '../protocol';
import { previewValue } from '../render/preview-value';
import { ApprovalQueue } from './approval-queue';
import { Broadcaster } from './broadcaster';
import { declarationsOf } from './declarations';
import { followEvents } from './event-feed';
import { ExecutionTracker } from './execution-tracker';
import { replayCalls } from './replay';
import { resultView } from './result-view';
import { inputSchemaOf, listTools, toolView } from './tools-view';

/** The request context the page starts with when the host gives none. */
export const DEFAULT_REQUEST_CONTEXT: RequestContext = {
  authority: {
    principalId: 'inspector',
    tenantId: 'local',
    ownerId: 'inspector',
    capabilities: [],
  },
  audience: 'tenant',
  agentId: 'inspector',
  runId: 'inspector-run',
  sessionId: 'inspector-session',
};

/** What the page asks to run. */
export interface RunRequest {
  readonly name: string;
  /** The arguments as the page's JSON text (a malformed text fails validation, as a model's would). */
  readonly arguments: string | Readonly<Record<string, unknown>>;
  readonly requestContext: RequestContext | undefined;
  readonly callId: string;
}

/**
 * Everything the inspector knows about one toolbox while its page is open: the live stream, the
 * approvals queue, the executions, and the operations the page calls. Created by `startInspector`;
 * `close` removes every listener it added to the toolbox.
 */
export class InspectorSession {
  readonly toolbox: Toolbox;
  readonly requestContext: RequestContext;
  readonly #broadcaster = new Broadcaster();
  readonly #approvals: ApprovalQueue;
  readonly #tracker: ExecutionTracker;
  readonly #stopEvents: () => void;

  constructor(toolbox: Toolbox, requestContext: RequestContext = DEFAULT_REQUEST_CONTEXT) {
    this.toolbox = toolbox;
    this.requestContext = requestContext;
    this.#approvals = new ApprovalQueue(toolbox, () =>
      this.#broadcaster.send({ kind: 'approvals', approvals: this.#approvals.list() }),
    );
    this.#tracker = new ExecutionTracker(toolbox, (execution, stats) =>
      this.#broadcaster.send({ kind: 'execution', execution, stats }),
    );
    this.#stopEvents = followEvents(
      toolbox,
      (event) => this.#broadcaster.send({ kind: 'event', event }),
      (result, executionId) => {
        // Only a paused call needs its request context read back (to resume it later).
        if (result.outcome === 'action_required')
          this.#approvals.record(result, this.#contextOf(executionId));
      },
    );
  }

  close(): void {
    this.#stopEvents();
    this.#tracker.close();
    this.#broadcaster.close();
  }

  /** The request context a call ran under, read back as trusted host code may. */
  #contextOf(executionId: string): RequestContext | undefined {
    try {
      return this.toolbox.executions.locate(executionId)?.privilegedSnapshot().requestContext;
    } catch {
      return undefined;
    }
  }

  state(): StateAnswer {
    return {
      toolCount: this.toolbox.size,
      requestContext: previewValue(this.requestContext),
      approvals: this.#approvals.list(),
      executions: this.#tracker.executions(),
      stats: this.#tracker.stats(),
    };
  }

  /** The live stream for one page; it starts with the current approvals. */
  stream(): ReadableStream<Uint8Array> {
    return this.#broadcaster.connect([{ kind: 'approvals', approvals: this.#approvals.list() }]);
  }

  tools(query: string): Promise<ToolsAnswer> {
    return listTools(this.toolbox, query);
  }

  async tool(name: string): Promise<ToolDetail | undefined> {
    const tool = this.toolbox.tools().find((candidate) => candidate.name === name);
    if (tool === undefined) return undefined;
    let available = false;
    try {
      available = (await this.toolbox.getAvailable()).some((candidate) => candidate.name === name);
    } catch {
      available = false;
    }
    return {
      tool: toolView(tool, available),
      inputSchema: previewValue(inputSchemaOf(tool), { maxChars: 200_000, maxDepth: 64, maxItems: 1_000 }),
      declarations: declarationsOf(tool),
    };
  }

  /** What a call would meet before its implementation runs, without running it. */
  async preview(request: Omit<RunRequest, 'callId'>): Promise<PreviewAnswer> {
    let preview: ToolCallPreview;
    try {
      preview = await previewToolCall(
        this.toolbox,
        { name: request.name, arguments: request.arguments },
        request.requestContext === undefined ? undefined : { requestContext: request.requestContext },
      );
    } catch (error) {
      return {
        status: 'unknown',
        errorMessage: error instanceof Error ? error.message : 'The call could not be previewed.',
      };
    }
    const answer: { -readonly [K in keyof PreviewAnswer]: PreviewAnswer[K] } = { status: preview.status };
    if (preview.error !== undefined) {
      answer.errorCode = preview.error.code;
      answer.errorMessage = previewValue(preview.error.message) as string;
    }
    return answer;
  }

  async run(request: RunRequest): Promise<ResultView> {
    const result = await this.toolbox.execute(
      { id: request.callId, name: request.name, arguments: request.arguments },
      request.requestContext === undefined ? undefined : { requestContext: request.requestContext },
    );
    return resultView(result, this.#approvalIdOf(result, request.requestContext));
  }

  /** Requests cancellation of the live executions of a call; returns how many were asked to stop. */
  cancel(callId: string): number {
    return this.toolbox.abort({ callId }, 'Cancelled from the inspector.');
  }

  replay(
    provider: ReplayProvider,
    text: string,
    requestContext: RequestContext | undefined,
    strict: boolean | undefined,
  ): Promise<ReplayAnswer> {
    return replayCalls(this.toolbox, {
      provider,
      text,
      requestContext,
      ...(strict === undefined ? {} : { strict }),
      approvalIdOf: (result) => this.#approvalIdOf(result, requestContext),
    });
  }

  approve(id: string, edited?: Readonly<Record<string, unknown>>): Promise<ApprovalView> {
    return this.#approvals.approve(id, edited);
  }

  deny(id: string): Promise<ApprovalView> {
    return this.#approvals.deny(id);
  }

  #approvalIdOf(result: ToolResult, requestContext: RequestContext | undefined): string | undefined {
    return this.#approvals.record(result, requestContext);
  }
}
