import type { IncomingMessage } from 'node:http';
import { type ApprovalStateStore, createProcessLocalApprovalStateStore } from '@armorer/approval';
import { createTool, createToolbox, type PendingApproval } from '@armorer/core';
import { z } from 'zod';
import type { McpAuthInfo } from '../http/types';
import type { McpCallInfo } from '../server/types';

/** The payments a `pay` toolbox made, and the pauses it handed out. */
export interface PayLedger {
  readonly paid: number[];
  readonly paused: PendingApproval[];
}

/**
 * A toolbox whose `pay` tool pauses every call for approval (`approvalPolicy: always`) under a signed
 * binding; only a resume of that binding can run it.
 */
export function createPayToolbox(
  ledger: PayLedger,
  options: { readonly signed?: boolean; readonly store?: ApprovalStateStore } = {},
) {
  const approvalStateStore = options.store ?? createProcessLocalApprovalStateStore();
  const pay = createTool({
    name: 'pay',
    description: 'Send a payment',
    input: { cents: z.number().int().positive(), memo: z.string().optional() },
    metadata: { mutates: true },
    execute: ({ cents }) => {
      ledger.paid.push(cents);
      return `paid ${cents}`;
    },
  });
  pay.addEventListener('policy-action-required', (event) => {
    ledger.paused.push(event.detail.pendingApproval);
  });
  const other = createTool({ name: 'other', description: 'Another tool', execute: () => 'other' });
  const toolbox = createToolbox(
    [pay, other],
    options.signed === false
      ? // Without a secret no approval policy may be set (createToolbox refuses it), so a hook pauses unsigned.
        { policy: { beforeExecute: () => ({ status: 'needs_approval' as const }) } }
      : {
          approvalSecret: 'mcp-approval-secret-0123456789abcdef',
          approvalPolicy: { mode: 'always' },
          approvalStateStore,
        },
  );
  return { toolbox, approvalStateStore };
}

/** `Authorization: Bearer <principal>` identifies the sender (the test's stand-in for a real token check). */
export function authenticateByBearer(request: IncomingMessage): McpAuthInfo | undefined {
  const match = /^Bearer (\w+)$/.exec(request.headers.authorization ?? '');
  return match?.[1] === undefined ? undefined : { token: match[1], clientId: match[1], scopes: [] };
}

/** The request context of the principal an `authenticate` hook (or the fallback) named. */
export function principalContext(info: McpCallInfo, fallback = 'alice') {
  const principal = (info.authInfo as McpAuthInfo | undefined)?.clientId ?? fallback;
  return { requestContext: { authority: { tenantId: 'acme', principalId: principal } } };
}

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw-2026', version: '1.0.0' },
};

let nextId = 1;

/** The JSON-RPC response of one raw 2026 `tools/call` (headers and `_meta` envelope as the spec asks). */
export async function rawCall(
  url: string,
  params: Record<string, unknown> & { name: string },
  options: {
    readonly principal?: string;
    readonly elicitation?: boolean;
    readonly headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const capabilities = options.elicitation === false ? {} : { elicitation: { form: {} } };
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': params.name,
      authorization: `Bearer ${options.principal ?? 'alice'}`,
      ...options.headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method: 'tools/call',
      params: {
        ...params,
        _meta: { ...ENVELOPE, 'io.modelcontextprotocol/clientCapabilities': capabilities },
      },
    }),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('text/event-stream')
    ? (text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>)
        .find((message) => 'result' in message || 'error' in message) ?? {})
    : (JSON.parse(text) as Record<string, unknown>);
  return { status: response.status, body: json };
}

/** The `result` of a raw call's response. */
export function resultOf(response: { body: Record<string, unknown> }): Record<string, unknown> {
  return (response.body['result'] ?? {}) as Record<string, unknown>;
}

/** The armorer error code of an `isError` result, if any. */
export function errorCodeOf(result: Record<string, unknown>): string | undefined {
  const meta = result['_meta'] as Record<string, { code?: string }> | undefined;
  return meta?.['armorer/error']?.code;
}
