import { describeThrown } from '@armorer/core';
import { isTaskId, MAX_TASK_PAGE, type TaskKey, type TaskScope } from '@armorer/idempotency';
import type { Server, ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { CallHost } from '../server/call-host';
import type { McpCallMethod } from '../server/types';
import { readTaskData } from './task-data';
import { cancelTask, getTask, listTasks, type TaskCaller, updateTask } from './task-requests';
import type { TaskRunner } from './task-runner';
import { taskScopeOf } from './task-scope';
import { declaresTasks, detailedTask, TASK_TOOL_META_KEY, TASKS_EXTENSION, wireTask } from './task-wire';

type ServerModule = typeof import('@modelcontextprotocol/server');

/** The `armorer/` method listing the caller's own tasks (the extension defines no list). */
export const LIST_TASKS_METHOD = 'armorer/tasks/list';

const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;
const MISSING_CAPABILITY = -32021;

// Built when the handlers are first registered, not at import: a server without tasks never uses them.
function buildParamSchemas() {
  return {
    task: z.looseObject({ taskId: z.string() }),
    list: z.looseObject({
      cursor: z.string().max(512).optional(),
      limit: z.number().int().min(1).max(MAX_TASK_PAGE).optional(),
    }),
  };
}
let paramSchemas: ReturnType<typeof buildParamSchemas> | undefined;
type TaskParams = z.infer<ReturnType<typeof buildParamSchemas>['task']>;
type ListParams = z.infer<ReturnType<typeof buildParamSchemas>['list']>;

/**
 * Serves the tasks extension's requests on a 2026 server: `tasks/get`, `tasks/update` and `tasks/cancel`
 * (refused with `-32021` to a request that does not declare the extension), and `armorer/tasks/list`.
 * Every request acts only in the caller's scope: the tenant and principal `callOptions` gives it, so a
 * task of another principal is, to the caller, a task that does not exist.
 */
export function registerTaskHandlers(
  server: Server,
  sdk: ServerModule,
  runner: TaskRunner,
  host: CallHost,
  protocolVersionOf: (context: ServerContext) => string | undefined,
): void {
  paramSchemas ??= buildParamSchemas();
  const schemas = paramSchemas;
  const fail = (code: number, message: string, data?: unknown) =>
    new sdk.ProtocolError(code, message, data as never);

  function caller(context: ServerContext, method: McpCallMethod, taskId: string | undefined) {
    const optionsFor = (toolName: string) =>
      host.options.callOptions?.({
        method,
        toolName,
        taskId,
        sessionId: context.sessionId,
        requestId: context.mcpReq.id,
        authInfo: context.http?.authInfo,
        era: 'modern',
        protocolVersion: protocolVersionOf(context),
      });
    const requester: TaskCaller = { optionsFor };
    return { scope: taskScopeOf(optionsFor('')), requester };
  }

  function keyOf(context: ServerContext, method: McpCallMethod, taskId: string) {
    if (!declaresTasks(context.mcpReq.envelope)) {
      throw fail(MISSING_CAPABILITY, 'Missing required client capability', {
        requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
      });
    }
    const { scope, requester } = caller(context, method, taskId);
    const key: TaskKey | undefined = isTaskId(taskId) ? { ...scope, taskId } : undefined;
    return { key, requester };
  }

  const notFound = () => fail(INVALID_PARAMS, 'Failed to retrieve task: Task not found');
  const storeFailed = (error: unknown) =>
    fail(INTERNAL_ERROR, `The task store failed: ${describeThrown(error)}`);
  async function guarded<T>(work: () => Promise<T>, refused = notFound): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof sdk.ProtocolError) throw error;
      // A key or cursor the store refuses as malformed names nothing this caller has.
      if (error instanceof TypeError) throw refused();
      throw storeFailed(error);
    }
  }

  const poll = runner.settings.pollIntervalMs;
  server.setRequestHandler(
    'tasks/get',
    { params: schemas.task } as never,
    (async (params: TaskParams, context: ServerContext) => {
      const { key, requester } = keyOf(context, 'tasks/get', params.taskId);
      const record = key === undefined ? undefined : await guarded(() => getTask(runner, key, requester));
      if (record === undefined) throw notFound();
      return detailedTask(record, poll);
    }) as never,
  );

  server.setRequestHandler(
    'tasks/update',
    { params: schemas.task } as never,
    (async (params: TaskParams, context: ServerContext) => {
      const { key, requester } = keyOf(context, 'tasks/update', params.taskId);
      // The SDK lifts inputResponses off the params (as on a multi round-trip retry) into the context.
      const responses = context.mcpReq.inputResponses ?? {};
      const found = key !== undefined && (await guarded(() => updateTask(runner, key, responses, requester)));
      if (!found) throw notFound();
      return {};
    }) as never,
  );

  server.setRequestHandler(
    'tasks/cancel',
    { params: schemas.task } as never,
    (async (params: TaskParams, context: ServerContext) => {
      const { key } = keyOf(context, 'tasks/cancel', params.taskId);
      const found = key !== undefined && (await guarded(() => cancelTask(runner, key)));
      if (!found) throw notFound();
      return {};
    }) as never,
  );

  server.setRequestHandler(
    LIST_TASKS_METHOD,
    { params: schemas.list } as never,
    (async (params: ListParams, context: ServerContext) => {
      const { scope } = caller(context, LIST_TASKS_METHOD, undefined);
      if (scope.principalId === null) {
        throw fail(
          INVALID_PARAMS,
          `${LIST_TASKS_METHOD} lists the tasks of an authenticated principal; this request has none (callOptions gives no requestContext.authority.principalId).`,
        );
      }
      const page = await guarded(
        () => listTasks(runner, scope as TaskScope, params.limit ?? 50, params.cursor),
        () => fail(INVALID_PARAMS, 'The cursor is not one this server gave.'),
      );
      return {
        tasks: page.tasks.map((record) => ({
          ...wireTask(record, poll),
          _meta: { [TASK_TOOL_META_KEY]: readTaskData(record.data)?.tool ?? null },
        })),
        ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
      };
    }) as never,
  );
}
