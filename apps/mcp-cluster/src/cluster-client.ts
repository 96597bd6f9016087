/**
 * A 2026-07-28 client of the cluster, by hand: every `tools/call` carries an idempotency key (the call's
 * ref), so it is retried safely when the instance answering it went away (the proxy's 502, a reset);
 * it approves `input_required` rounds and tasks waiting for approval, and polls tasks to their end.
 */

/** The tools of the cluster, by kind of call. */
export type CallKind = 'charge' | 'approve-charge' | 'export' | 'approve-export';

/** How one logical call ended, as its client saw it. */
export interface CallAnswer {
  readonly ref: string;
  readonly kind: CallKind;
  readonly outcome: 'success' | 'tool_error' | 'failed' | 'cancelled';
  readonly text: string | undefined;
  /** The armorer error code of a tool error or a failed task. */
  readonly code: string | undefined;
  readonly taskId: string | undefined;
  /** Requests sent again after a transport failure. */
  readonly retries: number;
}

interface Rpc {
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
}

const RETRY = Symbol('retry');
let nextId = 1;

function envelope(): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'cluster-client', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {
      elicitation: { form: {} },
      extensions: { 'io.modelcontextprotocol/tasks': {} },
    },
  };
}

/** One request; `RETRY` when the transport failed (the proxy's 502 included) and it may be sent again. */
async function send(
  url: string,
  principal: string,
  method: string,
  params: Record<string, unknown>,
): Promise<Rpc | typeof RETRY> {
  const name = method === 'tools/call' ? params['name'] : params['taskId'];
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
        authorization: `Bearer ${principal}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: nextId++,
        method,
        params: {
          ...params,
          _meta: { ...envelope(), ...(params['_meta'] as Record<string, unknown> | undefined) },
        },
      }),
    });
  } catch {
    return RETRY;
  }
  if (response.status >= 500) return RETRY;
  let text: string;
  try {
    text = await response.text();
  } catch {
    return RETRY;
  }
  const message = response.headers.get('content-type')?.includes('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>)
        .find((each) => 'result' in each || 'error' in each)
    : (JSON.parse(text) as Record<string, unknown>);
  if (message === undefined) return RETRY;
  // An internal error (a store that failed for a moment) is worth another try.
  if ((message['error'] as Rpc['error'])?.code === -32603) return RETRY;
  return message as Rpc;
}

/** Sends until the request gets an answer; counts the retries. */
async function answered(
  state: { retries: number },
  request: () => Promise<Rpc | typeof RETRY>,
): Promise<Rpc> {
  for (let attempt = 0; attempt < 2_000; attempt++) {
    const answer = await request();
    if (answer !== RETRY) return answer;
    state.retries++;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no instance answered after 2,000 tries');
}

const approve = { action: 'accept', content: { approve: true } };

function armorerCode(meta: unknown): string | undefined {
  const code = (meta as { 'armorer/error'?: { code?: unknown } } | undefined)?.['armorer/error']?.code;
  return typeof code === 'string' ? code : undefined;
}

function firstText(result: unknown): string | undefined {
  const text = (result as { content?: { text?: unknown }[] } | undefined)?.content?.[0]?.text;
  return typeof text === 'string' ? text : undefined;
}

/** Drives one logical call to its end through the cluster. */
export async function driveCall(
  url: string,
  principal: string,
  ref: string,
  kind: CallKind,
): Promise<CallAnswer> {
  const state = { retries: 0 };
  const call = (extra: Record<string, unknown> = {}) =>
    answered(state, () =>
      send(url, principal, 'tools/call', {
        name: kind,
        arguments: { ref },
        ...extra,
        _meta: { 'armorer/idempotencyKey': ref },
      }),
    );
  const end = (
    outcome: CallAnswer['outcome'],
    text: string | undefined,
    code: string | undefined,
    taskId?: string,
  ): CallAnswer => ({
    ref,
    kind,
    outcome,
    text,
    code,
    taskId,
    retries: state.retries,
  });
  let answer = await call();
  for (;;) {
    if (answer.error !== undefined) throw new Error(`${kind} ${ref}: ${JSON.stringify(answer.error)}`);
    const result = answer.result ?? {};
    if (result['resultType'] === 'input_required') {
      const key = Object.keys((result['inputRequests'] ?? {}) as object)[0] ?? 'approval';
      answer = await call({ requestState: result['requestState'], inputResponses: { [key]: approve } });
      continue;
    }
    if (result['resultType'] === 'task')
      return pollTask(url, principal, String(result['taskId']), state, end);
    return result['isError'] === true
      ? end('tool_error', firstText(result), armorerCode(result['_meta']))
      : end('success', firstText(result), undefined);
  }
}

async function pollTask(
  url: string,
  principal: string,
  taskId: string,
  state: { retries: number },
  end: (
    outcome: CallAnswer['outcome'],
    text: string | undefined,
    code: string | undefined,
    taskId?: string,
  ) => CallAnswer,
): Promise<CallAnswer> {
  const answered_: string[] = [];
  for (;;) {
    const got = await answered(state, () => send(url, principal, 'tasks/get', { taskId }));
    if (got.error !== undefined) throw new Error(`tasks/get ${taskId}: ${JSON.stringify(got.error)}`);
    const task = got.result ?? {};
    switch (task['status']) {
      case 'completed': {
        const result = task['result'] as Record<string, unknown>;
        return result['isError'] === true
          ? end('tool_error', firstText(result), armorerCode(result['_meta']), taskId)
          : end('success', firstText(result), undefined, taskId);
      }
      case 'failed': {
        const error = task['error'] as { data?: unknown };
        return end('failed', undefined, armorerCode(error.data), taskId);
      }
      case 'cancelled':
        return end('cancelled', undefined, undefined, taskId);
      case 'input_required': {
        for (const key of Object.keys((task['inputRequests'] ?? {}) as object)) {
          if (answered_.includes(key)) continue;
          answered_.push(key);
          await answered(state, () =>
            send(url, principal, 'tasks/update', { taskId, inputResponses: { [key]: approve } }),
          );
        }
        break;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, Number(task['pollIntervalMs'] ?? 50)));
  }
}

/** A task's status and result text now (to check that a terminal task never changes). */
export async function readTask(
  url: string,
  principal: string,
  taskId: string,
): Promise<{ status: unknown; text: string | undefined }> {
  const got = await answered({ retries: 0 }, () => send(url, principal, 'tasks/get', { taskId }));
  const task = got.result ?? {};
  return { status: task['status'], text: firstText(task['result']) };
}
