import { describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { searchTools } from '@armorer/query';
import { z } from 'zod';
import { FIXTURE_CONTEXT, fixtureToolbox } from '../__fixtures__/toolbox';
import { listGrants } from './grants';
import { InspectorSession } from './session';
import { listTools } from './tools-view';

describe('the tool list', () => {
  test('lists every tool with tags, flags and availability from its hook', async () => {
    const { toolbox } = fixtureToolbox();
    const answer = await listTools(toolbox, '');
    expect(answer.ranked).toBe(false);
    expect(answer.tools.map((tool) => [tool.name, tool.available])).toEqual([
      ['send-email', true],
      ['lookup-order', true],
      ['build-report', true],
      ['spell-word', true],
      ['gpu-render', false],
    ]);
    expect(answer.tools[0]).toMatchObject({
      tags: ['communication'],
      flags: { mutates: true, readOnly: false },
    });
  });

  test('a search is the ranking of @armorer/query, with the matched words and fields', async () => {
    const { toolbox } = fixtureToolbox();
    const answer = await listTools(toolbox, 'email someone');
    const expected = await searchTools(toolbox, { query: 'email someone', limit: 5 });
    expect(answer.ranked).toBe(true);
    expect(answer.tools.map((tool) => tool.name)).toEqual(expected.map((match) => match.name));
    expect(answer.tools[0]?.name).toBe('send-email');
    expect(answer.tools[0]?.match?.score).toBe(expected[0]?.score as number);
    expect(answer.tools[0]?.match?.matched[0]).toMatchObject({ word: 'email' });
    expect(answer.tools[0]?.match?.matched[0]?.fields).toContain('name');
  });

  test('a very long search is cut to the page limit and still answered', async () => {
    const { toolbox } = fixtureToolbox();
    const answer = await listTools(toolbox, `email ${'x'.repeat(50_000)}`);
    expect(answer.error).toBeUndefined();
    expect(answer.tools[0]?.name).toBe('send-email');
  });
});

describe('the tool detail', () => {
  test('four declarations side by side, with the conversion warnings of each', async () => {
    const { toolbox } = fixtureToolbox();
    const session = new InspectorSession(toolbox);
    const detail = await session.tool('lookup-order');
    expect(detail?.declarations.map((view) => view.label)).toEqual([
      'OpenAI',
      'OpenAI strict',
      'Anthropic',
      'Gemini',
    ]);
    const byProvider = Object.fromEntries((detail?.declarations ?? []).map((view) => [view.provider, view]));
    expect(byProvider['openai-strict']?.declaration).toMatchObject({ function: { strict: true } });
    expect(byProvider.anthropic?.declaration).toMatchObject({
      name: 'lookup-order',
      input_schema: { type: 'object' },
    });
    // The optional field becomes required-and-nullable in strict mode: the adapter says so, or keeps it.
    const geminiWarnings = byProvider.gemini?.warnings ?? [];
    expect(Array.isArray(geminiWarnings)).toBe(true);
    expect(detail?.inputSchema).toMatchObject({ type: 'object', required: ['orderId'] });
    expect(await session.tool('nope')).toBeUndefined();
    session.close();
  });

  test('a constraint a provider cannot express is listed as a warning of that provider', async () => {
    const tool = createTool({
      name: 'pack-boxes',
      description: 'Pack items into boxes',
      input: z.object({ count: z.number().multipleOf(3), sizes: z.record(z.string(), z.number()) }),
      execute: () => 1,
    });
    const session = new InspectorSession(createToolbox([tool]));
    const detail = await session.tool('pack-boxes');
    const codes = Object.fromEntries(
      (detail?.declarations ?? []).map((view) => [
        view.provider,
        view.warnings.map((warning) => warning.code),
      ]),
    );
    expect(codes.gemini).toContain('UNSUPPORTED_KEYWORD');
    expect(codes['openai-strict']).toContain('RELAXED_KEYWORD');
    expect(codes.anthropic).toEqual([]);
    session.close();
  });
});

describe('policy preview and grants', () => {
  test('the preview tells what a call would meet before running (policy hooks included) without running it', async () => {
    const { toolbox, sent } = fixtureToolbox();
    const hooked = createToolbox(toolbox.tools(), {
      policy: {
        beforeExecute: ({ requestContext }) =>
          requestContext?.authority?.principalId === 'ada'
            ? undefined
            : { status: 'deny', reason: 'ada only' },
      },
    });
    const session = new InspectorSession(hooked, FIXTURE_CONTEXT);
    const call = { name: 'lookup-order', arguments: { orderId: 'ord_1' }, requestContext: FIXTURE_CONTEXT };
    expect((await session.preview(call)).status).toBe('allow');
    const stranger = await session.preview({
      ...call,
      requestContext: { authority: { principalId: 'eve' } },
    });
    expect(stranger).toMatchObject({ status: 'deny', errorCode: 'POLICY_DENIED' });
    expect((await session.preview({ ...call, arguments: { orderId: 7 } })).status).toBe('invalid');
    expect((await session.preview({ ...call, name: 'gpu-render', arguments: {} })).status).toBe(
      'unavailable',
    );
    expect(sent).toEqual([]);
    session.close();
  });

  test('grants issued from the page let a matching call skip the queue; revoked ones stop', async () => {
    const { toolbox, sent } = fixtureToolbox();
    const { issueGrant, revokeGrant } = await import('./grants');
    const form = {
      toolName: 'send-email',
      principalId: 'ada',
      tenantId: 'acme',
      ownerId: 'chat-1',
      agentId: 'planner',
      scope: 'session',
      sessionId: 'session-1',
      expiresInMinutes: '10',
      maxUses: '1',
    };
    const issued = await issueGrant(toolbox, form);
    expect(issued.error).toBeUndefined();
    expect(issued.grants).toHaveLength(1);
    const call = { name: 'send-email', arguments: { to: 'a@b.co', subject: 'granted' } };
    expect((await toolbox.execute(call, { requestContext: FIXTURE_CONTEXT })).outcome).toBe('success');
    expect(sent).toHaveLength(1);
    expect((await issueGrant(toolbox, { ...form, scope: 'run', runId: '' })).error).toBeString();
    expect((await issueGrant(toolbox, { ...form, maxUses: 'many' })).error).toBe(
      'Max uses: a whole number from 1.',
    );
    const revoked = await revokeGrant(toolbox, issued.grants[0]?.id);
    expect(revoked.grants[0]?.revoked).toBe(true);
    expect((await listGrants(toolbox)).grants).toHaveLength(1);
  });
});
