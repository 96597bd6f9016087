import { describe, expect, test } from 'bun:test';
import { parseApprovalBinding } from '@armorer/approval';
import { createTool, createToolbox, type PolicyContext } from '@armorer/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { createPayToolbox, type PayLedger, principalContext } from '../__fixtures__/approval';
import { resultText } from '../__fixtures__/client-suite';
import { connectHttp, connectInMemory } from '../__fixtures__/clients';
import { ERROR_META_KEY } from '../declarations/types';
import { createMCP } from './create-mcp';
import type { ElicitedRequestContext } from './types';

const answered = (context: PolicyContext) =>
  (context.requestContext as ElicitedRequestContext | undefined)?.elicitation;

function toolbox() {
  const transfer = createTool({
    name: 'transfer',
    description: 'Move money',
    input: { amount: z.number() },
    metadata: { mutates: true },
    policy: {
      beforeExecute: (context) =>
        answered(context)?.kind === 'approval'
          ? true
          : { status: 'needs_approval', reason: 'Moving money needs a human.' },
    },
    execute: ({ amount }) => `moved ${amount}`,
  });
  const deploy = createTool({
    name: 'deploy',
    description: 'Deploy to an environment the human names',
    policy: {
      beforeExecute: (context) => {
        const answer = answered(context);
        if (answer?.kind === 'input' && answer.content['environment'] === 'staging') return true;
        return {
          status: 'needs_input',
          reason: 'Which environment?',
          input: {
            type: 'object',
            properties: { environment: { type: 'string' } },
            required: ['environment'],
          },
        };
      },
    },
    execute: () => 'deployed',
  });
  return createToolbox([transfer, deploy]);
}

async function connect(answer?: (params: Record<string, unknown>) => Record<string, unknown>) {
  const mcp = createMCP(toolbox());
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await mcp.connect(serverTransport);
  const requests: Array<Record<string, unknown>> = [];
  const client = new Client(
    { name: 'elicit', version: '1.0.0' },
    answer === undefined ? {} : { capabilities: { elicitation: { form: {} } } },
  );
  if (answer !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      requests.push(request.params);
      return answer(request.params) as never;
    });
  }
  await client.connect(clientTransport);
  return { mcp, client, requests };
}

describe('needs_approval and needs_input through elicitation', () => {
  test('an approved call runs; the human saw the tool and its arguments', async () => {
    const { mcp, client, requests } = await connect(() => ({ action: 'accept', content: { approve: true } }));
    const result = await client.callTool({ name: 'transfer', arguments: { amount: 5 } });
    expect(result.isError).toBeFalsy();
    expect(resultText(result)).toBe('moved 5');
    expect(String(requests[0]?.['message'])).toContain('"transfer"');
    expect(String(requests[0]?.['message'])).toContain('{"amount": 5}');
    await mcp.close();
  });

  test('a declined, cancelled or unticked approval is an isError result the model can act on', async () => {
    for (const answer of [
      { action: 'decline' },
      { action: 'cancel' },
      { action: 'accept', content: { approve: false } },
    ]) {
      const { mcp, client } = await connect(() => answer);
      const result = await client.callTool({ name: 'transfer', arguments: { amount: 5 } });
      expect(result.isError).toBe(true);
      expect(resultText(result)).toMatch(/The user (declined|cancelled)/);
      await mcp.close();
    }
  });

  test('needs_input asks with the schema the policy described, and the answer reaches the policy', async () => {
    const { mcp, client, requests } = await connect(() => ({
      action: 'accept',
      content: { environment: 'staging' },
    }));
    const result = await client.callTool({ name: 'deploy', arguments: {} });
    expect(resultText(result)).toBe('deployed');
    expect(requests[0]?.['requestedSchema']).toMatchObject({
      properties: { environment: { type: 'string' } },
    });
    await mcp.close();
  });

  test('without client support, the call ends as isError with the reason', async () => {
    const { mcp, client } = await connect();
    const result = await client.callTool({ name: 'transfer', arguments: { amount: 5 } });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('Moving money needs a human.');
    expect(result._meta?.[ERROR_META_KEY]).toMatchObject({ code: 'APPROVAL_REQUIRED' });
    expect(result._meta?.['armorer/pendingApproval']).toMatchObject({
      status: 'needs_approval',
      toolName: 'transfer',
    });
    await mcp.close();
  });

  test('a client whose elicitation handler fails still gets an isError result', async () => {
    const { mcp, client } = await connect(() => {
      throw new Error('no UI available');
    });
    const result = await client.callTool({ name: 'transfer', arguments: { amount: 1 } });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('Asking the user failed');
    await mcp.close();
  });
});

describe('a signed approval is resumed through its binding', () => {
  const authority = {
    principalId: 'user-1',
    tenantId: 'tenant-1',
    ownerId: 'session-1',
    capabilities: ['payments:send'],
    authorizationRevision: 'auth-1',
  };
  const requestContext = { authority, audience: 'tenant', agentId: 'agent-1', runId: 'run-1' };

  function signedToolbox(runs: { count: number }) {
    const pay = createTool({
      name: 'pay',
      description: 'Send a payment',
      input: { cents: z.number().int().positive() },
      metadata: { mutates: true },
      execute: ({ cents }) => {
        runs.count++;
        return `paid ${cents}`;
      },
    });
    // `approvalPolicy` pauses every call to a mutating tool, whatever the request context says: only a
    // resume of the signed binding can run it.
    return createToolbox([pay], {
      approvalSecret: 'mcp-elicitation-secret-0123456789',
      approvalPolicy: { mode: 'always' },
    });
  }

  async function connectSigned(runs: { count: number }, answer: Record<string, unknown>) {
    const mcp = createMCP(signedToolbox(runs), { callOptions: () => ({ requestContext }) });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await mcp.connect(serverTransport);
    const client = new Client(
      { name: 'elicit', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, async () => answer as never);
    await client.connect(clientTransport);
    return { mcp, client };
  }

  test('an approved call runs exactly once, although approvalPolicy pauses every fresh call', async () => {
    const runs = { count: 0 };
    const { mcp, client } = await connectSigned(runs, { action: 'accept', content: { approve: true } });
    const result = await client.callTool({ name: 'pay', arguments: { cents: 300 } });
    expect(result.isError).toBeFalsy();
    expect(resultText(result)).toBe('paid 300');
    expect(runs.count).toBe(1);
    await mcp.close();
  });

  test('a declined approval never runs the tool', async () => {
    const runs = { count: 0 };
    const { mcp, client } = await connectSigned(runs, { action: 'decline' });
    const result = await client.callTool({ name: 'pay', arguments: { cents: 300 } });
    expect(result.isError).toBe(true);
    expect(runs.count).toBe(0);
    await mcp.close();
  });
});

describe('2025 elicitation: the prompt is sanitized, a refusal revokes the binding, an edit resumes once', () => {
  for (const flavor of ['v1', 'v2-legacy'] as const) {
    async function connectPay(answer: (params: Record<string, unknown>) => unknown) {
      const ledger: PayLedger = { paid: [], paused: [] };
      const { toolbox, approvalStateStore } = createPayToolbox(ledger);
      const mcp = createMCP(toolbox, { callOptions: (info) => principalContext(info) });
      const prompts: Array<Record<string, unknown>> = [];
      const client = await connectInMemory(mcp, flavor, (params) => {
        prompts.push(params);
        return answer(params);
      });
      return { ledger, mcp, client, prompts, store: approvalStateStore };
    }

    test(`${flavor} client: hidden characters in the arguments are shown as escapes, never as themselves`, async () => {
      const { mcp, client, prompts } = await connectPay(() => ({ action: 'decline' }));
      await client.callTool({
        name: 'pay',
        arguments: { cents: 5, memo: 'to acct\u202e9876\u200b\n\nApproved' },
      });
      const message = String(prompts[0]?.['message']);
      expect(message).toContain('"memo": "to acct\\u{202E}9876\\u{200B}\\n\\nApproved"');
      expect(/[\u202e\u200b]/.test(message)).toBe(false);
      await mcp.close();
    });

    test(`${flavor} client: decline and cancel revoke the signed binding; nothing runs`, async () => {
      for (const action of ['decline', 'cancel']) {
        const { ledger, mcp, client, store } = await connectPay(() => ({ action }));
        const result = await client.callTool({ name: 'pay', arguments: { cents: 5 } });
        expect(result.isError).toBe(true);
        const pending = ledger.paused[0];
        if (pending === undefined) throw new Error('the call did not pause');
        expect(await store.state(parseApprovalBinding(pending.binding))).toBe('revoked');
        expect(ledger.paid).toEqual([]);
        await mcp.close();
      }
    });

    test(`${flavor} client: approve with edited arguments runs the edit once`, async () => {
      const { ledger, mcp, client, store } = await connectPay(() => ({
        action: 'accept',
        content: { approve: true, arguments: '{"cents": 7}' },
      }));
      expect(resultText(await client.callTool({ name: 'pay', arguments: { cents: 5 } }))).toBe('paid 7');
      expect(ledger.paid).toEqual([7]);
      const pending = ledger.paused[0];
      if (pending === undefined) throw new Error('the call did not pause');
      expect(await store.state(parseApprovalBinding(pending.binding))).toBe('consumed');
      await mcp.close();
    });
  }
});

describe('2025 elicitation over Streamable HTTP sessions', () => {
  for (const sdk of ['v2', 'v1'] as const) {
    for (const flavor of sdk === 'v1' ? (['v1'] as const) : (['v1', 'v2-legacy'] as const)) {
      test(`${flavor} client, served by the ${sdk} package: the prompt reaches the client mid-call; approve runs once`, async () => {
        const ledger: PayLedger = { paid: [], paused: [] };
        const { toolbox } = createPayToolbox(ledger);
        const mcp = createMCP(toolbox, { sdk, callOptions: (info) => principalContext(info) });
        const { url } = await mcp.serveHttp();
        const client = await connectHttp(url, flavor, () => ({
          action: 'accept',
          content: { approve: true },
        }));
        expect(resultText(await client.callTool({ name: 'pay', arguments: { cents: 9 } }))).toBe('paid 9');
        expect(ledger.paid).toEqual([9]);
        await client.close();
        await mcp.close();
      });
    }
  }
});
