/**
 * A raw 2026-07-28 client of the tasks extension, over HTTP: every request carries the `_meta` envelope
 * (declaring the extension and form elicitation) and the `Mcp-Method` / `Mcp-Name` headers the spec
 * asks for (`Mcp-Name` is the task id on `tasks/*`). What an SDK client of the extension sends, by hand,
 * so the tests see the wire.
 */

export interface RpcAnswer {
  readonly status: number;
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
}

export interface TaskClientOptions {
  /** `Authorization: Bearer <principal>` (default `alice`); undefined sends none. */
  readonly principal?: string | undefined;
  /** Declare the tasks extension (default true). */
  readonly tasks?: boolean;
}

let nextId = 1;

function envelope(tasks: boolean): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'raw-tasks', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {
      elicitation: { form: {} },
      ...(tasks ? { extensions: { 'io.modelcontextprotocol/tasks': {} } } : {}),
    },
  };
}

/** One JSON-RPC request; SSE answers are read to their response. */
export async function rpc(
  url: string,
  method: string,
  params: Record<string, unknown>,
  options: TaskClientOptions = {},
): Promise<RpcAnswer> {
  const name =
    method === 'tools/call' ? params['name'] : method.startsWith('tasks/') ? params['taskId'] : undefined;
  const principal = 'principal' in options ? options.principal : 'alice';
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
      ...(principal === undefined ? {} : { authorization: `Bearer ${principal}` }),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method,
      params: {
        ...params,
        _meta: {
          ...envelope(options.tasks !== false),
          ...(params['_meta'] as Record<string, unknown> | undefined),
        },
      },
    }),
  });
  const text = await response.text();
  const message = response.headers.get('content-type')?.includes('text/event-stream')
    ? (text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>)
        .find((each) => 'result' in each || 'error' in each) ?? {})
    : (JSON.parse(text || '{}') as Record<string, unknown>);
  return { status: response.status, ...(message as Omit<RpcAnswer, 'status'>) };
}

/** A client of one principal on one endpoint. */
export function taskClient(url: string, options: TaskClientOptions = {}) {
  const send = (method: string, params: Record<string, unknown>) => rpc(url, method, params, options);
  const client = {
    call: (name: string, args: Record<string, unknown> = {}) => send('tools/call', { name, arguments: args }),
    get: (taskId: string) => send('tasks/get', { taskId }),
    update: (taskId: string, inputResponses: Record<string, unknown>) =>
      send('tasks/update', { taskId, inputResponses }),
    cancel: (taskId: string) => send('tasks/cancel', { taskId }),
    list: (params: { cursor?: string; limit?: number } = {}) => send('armorer/tasks/list', params),
    /** Polls `tasks/get` until `done(task)` holds (the test's own timeout bounds it). */
    async until(
      taskId: string,
      done: (task: Record<string, unknown>) => boolean,
    ): Promise<Record<string, unknown>> {
      for (;;) {
        const answer = await client.get(taskId);
        if (answer.result !== undefined && done(answer.result)) return answer.result;
        if (answer.error !== undefined) throw new Error(`tasks/get failed: ${JSON.stringify(answer.error)}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    /** Polls until the task is no longer `working`. */
    settled: (taskId: string) => client.until(taskId, (task) => task['status'] !== 'working'),
  };
  return client;
}

/** The text of a `CallToolResult`'s first content block. */
export function firstText(result: unknown): string | undefined {
  const content = (result as { content?: { text?: unknown }[] } | undefined)?.content;
  const text = content?.[0]?.text;
  return typeof text === 'string' ? text : undefined;
}
