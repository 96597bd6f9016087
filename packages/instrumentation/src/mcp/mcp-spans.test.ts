import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { createTool, createToolbox } from '@armorer/core';
import { createMCP, fromMcpTools, type McpClientLike } from '@armorer/mcp';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { propagation, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';
import { createTracing, exportedText } from '../__fixtures__/otel';
import { instrument } from '../instrument';

const tracing = createTracing();
beforeAll(() => propagation.setGlobalPropagator(new W3CTraceContextPropagator()));
afterAll(() => {
  propagation.disable();
  tracing.close();
});
beforeEach(() => tracing.exporter.reset());

const ARGUMENT = 'acct-ARGUMENT-SECRET';
const RESULT = 'balance-RESULT-SECRET';

/** A served toolbox whose tool starts a span of its own, under an instrumented createMCP over HTTP. */
async function serve() {
  const lookup = createTool({
    name: 'lookup',
    description: 'Look an account up',
    input: { account: z.string() },
    execute: ({ account }) =>
      tracing.tracer.startActiveSpan('db.query', (span) => {
        span.end();
        return `${RESULT} for ${account.length}`;
      }),
  });
  const boom = createTool({
    name: 'boom',
    description: 'Always fails',
    execute: () => {
      throw new Error(`failed on ${ARGUMENT}`);
    },
  });
  const toolbox = createToolbox([lookup, boom]);
  const mcp = createMCP(toolbox);
  const stops = [
    instrument(toolbox, { tracer: tracing.tracer }),
    instrument(mcp, { tracer: tracing.tracer }),
  ];
  const endpoint = await mcp.serveHttp();
  return { mcp, url: endpoint.url, stops };
}

async function connect(
  url: string,
  flavor: 'v1' | 'v2-modern',
): Promise<{ client: McpClientLike; close(): Promise<void> }> {
  if (flavor === 'v1') {
    const client = new V1Client({ name: 'traced', version: '1.0.0' });
    await client.connect(new V1Http(new URL(url)));
    return { client, close: () => client.close() };
  }
  const client = new V2Client({ name: 'traced', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new V2Http(new URL(url)));
  return { client: client as unknown as McpClientLike, close: () => client.close() };
}

function byName(name: string): ReadableSpan {
  const found = tracing.spans().find((span) => span.name === name && span.kind !== undefined);
  if (found === undefined)
    throw new Error(`no span "${name}" among ${tracing.spans().map((span) => span.name)}`);
  return found;
}

function withKind(name: string, kind: SpanKind): ReadableSpan {
  const found = tracing.spans().find((span) => span.name === name && span.kind === kind);
  if (found === undefined) throw new Error(`no ${SpanKind[kind]} span "${name}"`);
  return found;
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('MCP spans: one trace crosses the client, the server and the tool', () => {
  for (const flavor of ['v2-modern', 'v1'] as const) {
    test(`${flavor} client over HTTP: CLIENT and SERVER spans by the MCP conventions, chained through _meta`, async () => {
      const { mcp, url } = await serve();
      const { client, close } = await connect(url, flavor);
      const imported = await fromMcpTools(client);
      const stops = [
        instrument(imported, { tracer: tracing.tracer }),
        instrument(imported.toolbox, { tracer: tracing.tracer }),
      ];
      await tracing.tracer.startActiveSpan('agent.turn', async (turn) => {
        const result = await imported.toolbox.execute({ name: 'lookup', arguments: { account: ARGUMENT } });
        expect(result.outcome).toBe('success');
        turn.end();
      });

      const turn = byName('agent.turn');
      const executeTools = tracing.spans().filter((span) => span.name === 'execute_tool lookup');
      const clientSpan = withKind('tools/call lookup', SpanKind.CLIENT);
      const serverSpan = withKind('tools/call lookup', SpanKind.SERVER);
      const query = byName('db.query');
      const [outer, inner] = [...executeTools].sort((a, b) =>
        parentOf(a) === turn.spanContext().spanId ? -1 : parentOf(b) === turn.spanContext().spanId ? 1 : 0,
      );
      if (outer === undefined || inner === undefined) throw new Error('expected two execute_tool spans');
      const trace = turn.spanContext().traceId;
      for (const span of [outer, clientSpan, serverSpan, inner, query])
        expect(span.spanContext().traceId).toBe(trace);
      expect(parentOf(outer)).toBe(turn.spanContext().spanId);
      expect(parentOf(clientSpan)).toBe(outer.spanContext().spanId);
      expect(parentOf(serverSpan)).toBe(clientSpan.spanContext().spanId);
      expect(serverSpan.parentSpanContext?.isRemote).toBe(true);
      expect(parentOf(inner)).toBe(serverSpan.spanContext().spanId);
      expect(parentOf(query)).toBe(inner.spanContext().spanId);

      expect(clientSpan.attributes).toMatchObject({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'lookup',
        'gen_ai.operation.name': 'execute_tool',
      });
      expect(serverSpan.attributes).toMatchObject({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'lookup',
        'gen_ai.operation.name': 'execute_tool',
        'network.transport': 'tcp',
      });
      expect(typeof serverSpan.attributes['jsonrpc.request.id']).toBe('string');
      if (flavor === 'v2-modern') {
        expect(serverSpan.attributes['mcp.protocol.version']).toBe('2026-07-28');
        expect(serverSpan.attributes['mcp.session.id']).toBeUndefined();
      } else {
        expect(typeof serverSpan.attributes['mcp.session.id']).toBe('string');
      }
      expect(serverSpan.status.code).toBe(SpanStatusCode.UNSET);
      // Never arguments or results, in any span an exporter would ship.
      for (const span of tracing.spans()) {
        expect(exportedText(span)).not.toContain(ARGUMENT);
        expect(exportedText(span)).not.toContain('RESULT-SECRET');
      }
      for (const stop of stops) stop();
      await close();
      await mcp.close();
    });
  }

  test('a failing tool: error.type tool_error and the code on both sides, never the message', async () => {
    const { mcp, url } = await serve();
    const { client, close } = await connect(url, 'v2-modern');
    const imported = await fromMcpTools(client);
    instrument(imported, { tracer: tracing.tracer });
    await imported.toolbox.execute({ name: 'boom', arguments: {} });
    for (const kind of [SpanKind.CLIENT, SpanKind.SERVER]) {
      const span = withKind('tools/call boom', kind);
      expect(span.attributes['error.type']).toBe('tool_error');
      expect(span.attributes['armorer.tool.error_code']).toBe('EXECUTION_FAILED');
      expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'EXECUTION_FAILED' });
      expect(exportedText(span)).not.toContain(ARGUMENT);
    }
    await close();
    await mcp.close();
  });

  test('tools/list has a SERVER span; without trace context in _meta the server span starts a trace', async () => {
    const { mcp, url, stops } = await serve();
    const { client, close } = await connect(url, 'v2-modern');
    await client.listTools();
    const list = withKind('tools/list', SpanKind.SERVER);
    expect(list.attributes['mcp.method.name']).toBe('tools/list');
    expect(list.attributes['gen_ai.tool.name']).toBeUndefined();
    expect(list.parentSpanContext).toBeUndefined();
    for (const stop of stops) stop();
    tracing.exporter.reset();
    await client.listTools({});
    expect(tracing.spans().filter((span) => span.name === 'tools/list')).toHaveLength(0);
    await close();
    await mcp.close();
  });
});
