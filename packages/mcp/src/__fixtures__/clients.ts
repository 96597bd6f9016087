import { join } from 'node:path';
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2HttpTransport,
  InMemoryTransport as V2InMemoryTransport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport as V2StdioTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport as V1InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { McpClientLike } from '../client/types';
import type { ArmorerMcpServer } from '../server/types';

/** Which official client, and which protocol era it speaks. */
export type ClientFlavor = 'v1' | 'v2-legacy' | 'v2-modern';

export const CLIENT_FLAVORS: readonly ClientFlavor[] = ['v1', 'v2-legacy', 'v2-modern'];

/** Options of one call, the same for both clients. */
export interface CallOptions {
  readonly signal?: AbortSignal;
  readonly timeout?: number;
  readonly onprogress?: (progress: { progress: number; message?: string | undefined }) => void;
}

/** The result of `tools/call` as both clients return it. */
export interface CallResult {
  readonly content?: unknown;
  readonly structuredContent?: unknown;
  readonly isError?: boolean | undefined;
  readonly _meta?: Record<string, unknown> | undefined;
}

/** One connected official client, behind one interface. */
export interface TestClient {
  readonly flavor: ClientFlavor;
  /** The SDK client itself (for `fromMcpTools`). */
  readonly client: McpClientLike;
  /** The negotiated era (`legacy` for the v1 client). */
  era(): 'legacy' | 'modern' | undefined;
  listTools(): Promise<{ tools: Array<Record<string, unknown>>; [key: string]: unknown }>;
  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    options?: CallOptions,
  ): Promise<CallResult>;
  /** Calls `listener` on every `notifications/tools/list_changed` (2026: opens a subscription). */
  onToolListChanged(listener: () => void): Promise<void>;
  close(): Promise<void>;
}

type MessageHandler = (message: unknown, extra?: unknown) => void;

/**
 * The client's transport, handing the client one message per task. The SDK clients run a notification's
 * handler a microtask after it arrives but settle a response at once, so when one read brings a call's last
 * progress notification and its response (a busy machine reads a pipe or a stream late), the progress
 * handler is already gone when its turn comes and the update is dropped: the client's doing, whatever the
 * server sent. Delivered one per task, every message is handled before the next is looked at, as a client
 * reading promptly sees them. Everything but `onmessage` is the transport's own.
 */
function oneMessagePerTask<T extends object>(transport: T): T {
  const inner = transport as T & { onmessage?: MessageHandler };
  let handler: MessageHandler | undefined;
  const queue: Array<readonly [unknown, unknown]> = [];
  let scheduled = false;
  const deliverNext = (): void => {
    scheduled = false;
    const next = queue.shift();
    if (queue.length > 0) {
      scheduled = true;
      setImmediate(deliverNext);
    }
    if (next !== undefined) handler?.(next[0], next[1]);
  };
  inner.onmessage = (message, extra) => {
    queue.push([message, extra]);
    if (!scheduled) {
      scheduled = true;
      setImmediate(deliverNext);
    }
  };
  return new Proxy(inner, {
    get(target, property) {
      if (property === 'onmessage') return handler;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(target, property, value) {
      if (property === 'onmessage') handler = value as MessageHandler | undefined;
      else Reflect.set(target, property, value, target);
      return true;
    },
  });
}

/** Client capabilities: form elicitation, when the test answers it. */
export type Elicit = (params: Record<string, unknown>) => unknown;

function v1Client(
  transport: unknown,
  elicit: Elicit | undefined,
): { client: V1Client; connect(): Promise<void> } {
  const client = new V1Client(
    { name: 'v1-test-client', version: '1.0.0' },
    elicit === undefined ? {} : { capabilities: { elicitation: { form: {} } } },
  );
  if (elicit !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => elicit(request.params) as never);
  }
  return { client, connect: () => client.connect(transport as never) };
}

function wrapV1(client: V1Client): TestClient {
  return {
    flavor: 'v1',
    client,
    era: () => 'legacy',
    listTools: () => client.listTools() as never,
    callTool: (params, options) => client.callTool(params, undefined, options) as Promise<CallResult>,
    async onToolListChanged(listener) {
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => listener());
    },
    close: () => client.close(),
  };
}

function newV2Client(flavor: 'v2-legacy' | 'v2-modern', elicit: Elicit | undefined): V2Client {
  const client = new V2Client(
    { name: `${flavor}-test-client`, version: '1.0.0' },
    {
      ...(flavor === 'v2-modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
      ...(elicit === undefined ? {} : { capabilities: { elicitation: { form: {} } } }),
    },
  );
  if (elicit !== undefined) {
    client.setRequestHandler(
      'elicitation/create',
      async (request) => elicit(request.params as never) as never,
    );
  }
  return client;
}

function wrapV2(flavor: 'v2-legacy' | 'v2-modern', client: V2Client): TestClient {
  return {
    flavor,
    client: client as unknown as McpClientLike,
    era: () => client.getProtocolEra(),
    listTools: () => client.listTools() as never,
    callTool: (params, options) => client.callTool(params, options) as Promise<CallResult>,
    async onToolListChanged(listener) {
      client.setNotificationHandler('notifications/tools/list_changed', () => listener());
      if (client.getProtocolEra() === 'modern') await client.listen({ toolsListChanged: true });
    },
    close: () => client.close(),
  };
}

/** An official client connected to `mcp` in-process (a linked in-memory transport pair). */
export async function connectInMemory(
  mcp: ArmorerMcpServer,
  flavor: ClientFlavor,
  elicit?: Elicit,
): Promise<TestClient> {
  if (flavor === 'v1') {
    const [clientSide, serverSide] = V1InMemoryTransport.createLinkedPair();
    await mcp.connect(serverSide);
    const { client, connect } = v1Client(oneMessagePerTask(clientSide), elicit);
    await connect();
    return wrapV1(client);
  }
  const [clientSide, serverSide] = V2InMemoryTransport.createLinkedPair();
  await mcp.connect(serverSide as never);
  const client = newV2Client(flavor, elicit);
  await client.connect(oneMessagePerTask(clientSide));
  return wrapV2(flavor, client);
}

/** An official client connected to a Streamable HTTP endpoint. */
export async function connectHttp(
  url: string,
  flavor: ClientFlavor,
  elicit?: Elicit,
  headers?: Record<string, string>,
): Promise<TestClient> {
  const requestInit = headers === undefined ? undefined : { requestInit: { headers } };
  if (flavor === 'v1') {
    const { client, connect } = v1Client(
      oneMessagePerTask(new V1HttpTransport(new URL(url), requestInit)),
      elicit,
    );
    await connect();
    return wrapV1(client);
  }
  const client = newV2Client(flavor, elicit);
  await client.connect(oneMessagePerTask(new V2HttpTransport(new URL(url), requestInit)));
  return wrapV2(flavor, client);
}

const stdioServer = join(import.meta.dir, 'stdio-server.ts');

/** An official client that launches the fixture stdio server as a child process (`sdk`: its backend). */
export async function connectStdio(flavor: ClientFlavor, sdk: 'v1' | 'v2' = 'v2'): Promise<TestClient> {
  const parameters = {
    command: process.execPath,
    args: ['--conditions=@armorer/source', stdioServer, `--sdk=${sdk}`],
    stderr: 'inherit' as const,
  };
  if (flavor === 'v1') {
    const client = new V1Client({ name: 'v1-stdio-client', version: '1.0.0' });
    await client.connect(oneMessagePerTask(new V1StdioTransport(parameters)));
    return wrapV1(client);
  }
  const client = newV2Client(flavor, undefined);
  await client.connect(oneMessagePerTask(new V2StdioTransport(parameters)));
  return wrapV2(flavor, client);
}
