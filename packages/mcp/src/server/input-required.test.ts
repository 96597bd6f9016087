import { afterEach, describe, expect, test } from 'bun:test';
import { parseApprovalBinding } from '@armorer/approval';
import { createTool, createToolbox } from '@armorer/core';
import {
  authenticateByBearer,
  createPayToolbox,
  errorCodeOf,
  type PayLedger,
  principalContext,
  rawCall,
  resultOf,
} from '../__fixtures__/approval';
import { resultText } from '../__fixtures__/client-suite';
import { connectHttp, connectInMemory } from '../__fixtures__/clients';
import { createMCP } from './create-mcp';
import { decodeRequestState, encodeRequestState } from './request-state';
import type { ArmorerMcpServer, ElicitedRequestContext } from './types';

let servers: ArmorerMcpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function serve(options: { signed?: boolean } = {}) {
  const ledger: PayLedger = { paid: [], paused: [] };
  const { toolbox, approvalStateStore } = createPayToolbox(ledger, options);
  const mcp = createMCP(toolbox, { callOptions: (info) => principalContext(info) });
  servers.push(mcp);
  const endpoint = await mcp.serveHttp({ authenticate: authenticateByBearer });
  return { ledger, mcp, url: endpoint.url, store: approvalStateStore };
}

/** Pauses `pay` over raw 2026 HTTP: the interim result and its requestState. */
async function pause(url: string, principal = 'alice', cents = 300) {
  const first = resultOf(await rawCall(url, { name: 'pay', arguments: { cents } }, { principal }));
  expect(first['resultType']).toBe('input_required');
  const state = first['requestState'];
  if (typeof state !== 'string') throw new Error('no requestState');
  return { first, state };
}

function answer(state: string, response: Record<string, unknown>, cents = 300) {
  return { name: 'pay', arguments: { cents }, requestState: state, inputResponses: { approval: response } };
}

const approve = { action: 'accept', content: { approve: true } };

describe('2026-07-28: a paused call answers input_required with the signed approval as requestState', () => {
  test('the official v2 client approves through its elicitation handler; the call runs once', async () => {
    for (const transport of ['http', 'in-process'] as const) {
      const { ledger, mcp, url } = await serve();
      const prompts: Array<Record<string, unknown>> = [];
      const elicit = (params: Record<string, unknown>) => {
        prompts.push(params);
        return approve;
      };
      const client =
        transport === 'http'
          ? await connectHttp(url, 'v2-modern', elicit, { authorization: 'Bearer alice' })
          : await connectInMemory(mcp, 'v2-modern', elicit);
      expect(client.era()).toBe('modern');
      const result = await client.callTool({ name: 'pay', arguments: { cents: 300, memo: 'rent' } });
      expect(resultText(result)).toBe('paid 300');
      expect(ledger.paid).toEqual([300]);
      expect(prompts).toHaveLength(1);
      expect(String(prompts[0]?.['message'])).toContain('Approve the call to "pay"?');
      expect(String(prompts[0]?.['message'])).toContain('{"cents": 300, "memo": "rent"}');
      expect(prompts[0]?.['requestedSchema']).toMatchObject({
        properties: {
          approve: { type: 'boolean' },
          arguments: { type: 'string', default: '{"cents":300,"memo":"rent"}' },
        },
        required: ['approve'],
      });
      await client.close();
    }
  });

  test('the interim result carries one form elicitation and a requestState holding the signed pause', async () => {
    const { url, ledger } = await serve();
    const { first, state } = await pause(url);
    const requests = first['inputRequests'] as Record<
      string,
      { method: string; params: Record<string, unknown> }
    >;
    expect(Object.keys(requests)).toEqual(['approval']);
    expect(requests['approval']?.method).toBe('elicitation/create');
    expect(requests['approval']?.params['mode']).toBe('form');
    expect(state.startsWith('armorer.v1.')).toBe(true);
    expect(decodeRequestState(state)).toMatchObject({
      toolName: 'pay',
      kind: 'approval',
      status: 'needs_approval',
    });
    expect(ledger.paid).toEqual([]);
    const hostile = resultOf(
      await rawCall(url, { name: 'pay', arguments: { cents: 1, memo: 'acct\u202e1234\u2066' } }),
    );
    const prompt = (hostile['inputRequests'] as Record<string, { params: { message: string } }>)['approval'];
    expect(prompt?.params.message).toContain('"memo": "acct\\u{202E}1234\\u{2066}"');
    expect(/[\u202e\u2066]/.test(prompt?.params.message ?? '')).toBe(false);
  });

  test('a retry without the answer asks again with the same requestState', async () => {
    const { url } = await serve();
    const { state } = await pause(url);
    const again = resultOf(
      await rawCall(url, { name: 'pay', arguments: { cents: 300 }, requestState: state }),
    );
    expect(again['resultType']).toBe('input_required');
    expect(again['requestState']).toBe(state);
  });

  test('approve runs the call once; a replayed requestState is refused (APPROVAL_INVALID)', async () => {
    const { url, ledger } = await serve();
    const { state } = await pause(url);
    const done = resultOf(await rawCall(url, answer(state, approve)));
    expect(done['isError']).toBeFalsy();
    expect(resultText(done)).toBe('paid 300');
    for (let replay = 0; replay < 3; replay++) {
      const replayed = resultOf(await rawCall(url, answer(state, approve)));
      expect(replayed['isError']).toBe(true);
      expect(errorCodeOf(replayed)).toBe('APPROVAL_INVALID');
    }
    expect(ledger.paid).toEqual([300]);
  });

  test('concurrent retries of one requestState: exactly one runs', async () => {
    const { url, ledger } = await serve();
    const { state } = await pause(url);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => rawCall(url, answer(state, approve)).then(resultOf)),
    );
    expect(results.filter((result) => result['isError'] !== true)).toHaveLength(1);
    expect(results.filter((result) => errorCodeOf(result) === 'APPROVAL_INVALID')).toHaveLength(11);
    expect(ledger.paid).toEqual([300]);
  });

  test('a tampered or foreign requestState never runs the tool, and leaves the real one usable', async () => {
    const { url, ledger } = await serve();
    const { state } = await pause(url);
    const descriptor = decodeRequestState(state);
    const raised = encodeRequestState({
      ...descriptor,
      proposedCall: { ...descriptor.proposedCall, arguments: { cents: 999_999 } },
    });
    const binding = descriptor.binding as { payload: string; signature: string };
    const forgedPayload = encodeRequestState({
      ...descriptor,
      binding: { ...binding, payload: binding.payload.replace('300', '999999') } as never,
      proposedCall: { ...descriptor.proposedCall, arguments: { cents: 999_999 } },
    });
    const flipped = encodeRequestState({
      ...descriptor,
      binding: {
        ...binding,
        signature: `${binding.signature.slice(0, -1)}${binding.signature.endsWith('0') ? '1' : '0'}`,
      } as never,
    });
    for (const bad of [
      raised,
      forgedPayload,
      flipped,
      'armorer.v1.!!!',
      'armorer.v1.e30',
      'nope',
      `${state}x`,
    ]) {
      const refused = resultOf(await rawCall(url, answer(bad, approve, 999_999)));
      expect(refused['isError']).toBe(true);
      expect(errorCodeOf(refused)).toBe('APPROVAL_INVALID');
    }
    expect(ledger.paid).toEqual([]);
    expect(resultText(resultOf(await rawCall(url, answer(state, approve))))).toBe('paid 300');
    expect(ledger.paid).toEqual([300]);
  });

  test('another principal can neither approve nor decline the pause; its owner still can', async () => {
    const { url, ledger, store } = await serve();
    const { state } = await pause(url, 'alice');
    for (const response of [approve, { action: 'decline' }]) {
      const foreign = resultOf(await rawCall(url, answer(state, response), { principal: 'mallory' }));
      expect(errorCodeOf(foreign)).toBe('APPROVAL_INVALID');
    }
    expect(await store.state(parseApprovalBinding(decodeRequestState(state).binding))).toBe('issued');
    expect(ledger.paid).toEqual([]);
    expect(resultText(resultOf(await rawCall(url, answer(state, approve), { principal: 'alice' })))).toBe(
      'paid 300',
    );
    expect(ledger.paid).toEqual([300]);
  });

  test('deny (decline or cancel) revokes the binding: a later approval of it is refused', async () => {
    for (const action of ['decline', 'cancel'] as const) {
      const { url, ledger, store } = await serve();
      const { state } = await pause(url);
      const denied = resultOf(await rawCall(url, answer(state, { action })));
      expect(denied['isError']).toBe(true);
      expect(errorCodeOf(denied)).toBe('POLICY_DENIED');
      expect(resultText(denied)).toContain(action === 'decline' ? 'declined' : 'cancelled');
      expect(await store.state(parseApprovalBinding(decodeRequestState(state).binding))).toBe('revoked');
      const late = resultOf(await rawCall(url, answer(state, approve)));
      expect(errorCodeOf(late)).toBe('APPROVAL_INVALID');
      expect(ledger.paid).toEqual([]);
    }
    const { url, ledger } = await serve();
    const { state } = await pause(url);
    const unticked = resultOf(
      await rawCall(url, answer(state, { action: 'accept', content: { approve: false } })),
    );
    expect(errorCodeOf(unticked)).toBe('POLICY_DENIED');
    expect(ledger.paid).toEqual([]);
  });

  test('edit: the approver changes the arguments; they are validated again and run once', async () => {
    const { url, ledger } = await serve();
    const { state } = await pause(url);
    const edited = resultOf(
      await rawCall(
        url,
        answer(state, { action: 'accept', content: { approve: true, arguments: '{"cents":5}' } }),
      ),
    );
    expect(resultText(edited)).toBe('paid 5');
    expect(ledger.paid).toEqual([5]);

    const invalid = await pause(url);
    const negative = resultOf(
      await rawCall(
        url,
        answer(invalid.state, { action: 'accept', content: { approve: true, arguments: '{"cents":-1}' } }),
      ),
    );
    expect(errorCodeOf(negative)).toBe('INVALID_ARGUMENTS');
    const garbled = resultOf(
      await rawCall(
        url,
        answer(invalid.state, { action: 'accept', content: { approve: true, arguments: '{cents' } }),
      ),
    );
    expect(errorCodeOf(garbled)).toBe('APPROVAL_REQUIRED');
    expect(ledger.paid).toEqual([5]);
  });

  test('a requestState is bound to its tool: used on another tool it is refused', async () => {
    const { url } = await serve();
    const { state } = await pause(url);
    const other = resultOf(
      await rawCall(url, {
        name: 'other',
        arguments: {},
        requestState: state,
        inputResponses: { approval: approve },
      }),
    );
    expect(errorCodeOf(other)).toBe('APPROVAL_INVALID');
  });

  test('without form elicitation, or without a signed binding, the pause stays an isError result', async () => {
    const signed = await serve();
    const noForms = resultOf(
      await rawCall(signed.url, { name: 'pay', arguments: { cents: 1 } }, { elicitation: false }),
    );
    expect(noForms['resultType']).toBe('complete');
    expect(errorCodeOf(noForms)).toBe('APPROVAL_REQUIRED');
    expect((noForms['_meta'] as Record<string, unknown>)['armorer/pendingApproval']).toMatchObject({
      toolName: 'pay',
    });
    const unsigned = await serve({ signed: false });
    const noBinding = resultOf(await rawCall(unsigned.url, { name: 'pay', arguments: { cents: 1 } }));
    expect(noBinding['resultType']).toBe('complete');
    expect(errorCodeOf(noBinding)).toBe('APPROVAL_REQUIRED');
  });

  test('stateless: a pause from one instance is approved through another sharing the secret and the store', async () => {
    const ledger: PayLedger = { paid: [], paused: [] };
    const { toolbox, approvalStateStore } = createPayToolbox(ledger);
    // A second instance: its own toolbox object, the same tools, secret and (shared) approval store.
    const twin = createPayToolbox(ledger, { store: approvalStateStore });
    const urls: string[] = [];
    for (const served of [toolbox, twin.toolbox]) {
      const mcp = createMCP(served, { callOptions: (info) => principalContext(info) });
      servers.push(mcp);
      urls.push((await mcp.serveHttp({ authenticate: authenticateByBearer })).url);
    }
    const [first, second] = urls as [string, string];
    const { state } = await pause(first);
    expect(resultText(resultOf(await rawCall(second, answer(state, approve))))).toBe('paid 300');
    expect(errorCodeOf(resultOf(await rawCall(first, answer(state, approve))))).toBe('APPROVAL_INVALID');
    expect(ledger.paid).toEqual([300]);
  });

  test('a Mcp-Name header that disagrees with the body is refused before anything runs', async () => {
    const { url, ledger } = await serve();
    const refused = await rawCall(
      url,
      { name: 'pay', arguments: { cents: 1 } },
      { headers: { 'mcp-name': 'other' } },
    );
    expect(refused.status).toBe(400);
    expect((refused.body['error'] as { code: number }).code).toBe(-32020);
    expect(ledger.paused).toEqual([]);
  });
});

describe('2026-07-28: needs_input travels the same way', () => {
  test('the input form is asked, the answer reaches the resumed call once, an answer off the form is refused', async () => {
    const seen: unknown[] = [];
    const deploy = createTool({
      name: 'deploy',
      description: 'Deploy to the environment a human names',
      policy: {
        beforeExecute: () => ({
          status: 'needs_input',
          reason: 'Which environment?',
          input: {
            type: 'object',
            properties: { environment: { type: 'string', enum: ['staging', 'prod'] } },
            required: ['environment'],
          },
        }),
      },
      execute: (_params, context) => {
        const answer = (context.requestContext as ElicitedRequestContext | undefined)?.elicitation;
        seen.push(answer?.content);
        return `deployed to ${String(answer?.content['environment'])}`;
      },
    });
    const toolbox = createToolbox([deploy], { approvalSecret: 'mcp-input-secret-0123456789abcdef' });
    const mcp = createMCP(toolbox, { callOptions: (info) => principalContext(info) });
    servers.push(mcp);
    const { url } = await mcp.serveHttp({ authenticate: authenticateByBearer });
    const first = resultOf(await rawCall(url, { name: 'deploy', arguments: {} }));
    expect(first['resultType']).toBe('input_required');
    const request = (first['inputRequests'] as Record<string, { params: { requestedSchema: unknown } }>)[
      'approval'
    ];
    expect(request?.params.requestedSchema).toMatchObject({
      properties: { environment: { enum: ['staging', 'prod'] } },
    });
    const state = first['requestState'] as string;
    const retry = (content: Record<string, unknown>) =>
      rawCall(url, {
        name: 'deploy',
        arguments: {},
        requestState: state,
        inputResponses: { approval: { action: 'accept', content } },
      }).then(resultOf);
    expect(errorCodeOf(await retry({ environment: 'moon' }))).toBe('INPUT_REQUIRED');
    expect(resultText(await retry({ environment: 'staging' }))).toBe('deployed to staging');
    expect(errorCodeOf(await retry({ environment: 'staging' }))).toBe('APPROVAL_INVALID');
    expect(seen).toEqual([{ environment: 'staging' }]);
  });
});
