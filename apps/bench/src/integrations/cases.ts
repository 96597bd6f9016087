import { toOpenAIAgentTools } from '@armorer/adapter-openai-agents';
import { createTool, createToolbox } from '@armorer/core';
import { instrument } from '@armorer/instrumentation';
import { tool as agentsTool, RunContext } from '@openai/agents';
import { SpanKind } from '@opentelemetry/api';
import { BasicTracerProvider, BatchSpanProcessor, InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';

/** One timed case and the value it must produce. */
export interface IntegrationCase {
  readonly key: string;
  readonly group: 'instrumentation' | 'agents';
  readonly label: string;
  readonly run: () => Promise<unknown>;
  readonly check: (value: unknown) => boolean;
}

const input = z.object({ a: z.number(), b: z.number() });
const ARGS = { a: 1, b: 2 };
const ARGS_JSON = JSON.stringify(ARGS);

function noopToolbox() {
  return createToolbox([createTool({ name: 'noop', description: 'Does nothing', input, execute: () => 3 })]);
}

function toolboxRunner(toolbox: ReturnType<typeof noopToolbox>) {
  const call = { id: 'call-1', name: 'noop', arguments: ARGS };
  return async () => (await toolbox.execute(call)).result;
}

/** The cases: a no-op call bare, instrumented without a tracer, instrumented with the real SDK. */
export function createIntegrationCases(): IntegrationCase[] {
  const bare = noopToolbox();
  const untraced = noopToolbox();
  instrument(untraced);
  const exporter = new InMemorySpanExporter();
  // The batch processor is how an SDK runs in production; it hands spans to the exporter 512 at a time.
  const provider = new BasicTracerProvider({
    spanProcessors: [new BatchSpanProcessor(exporter, { maxExportBatchSize: 512, maxQueueSize: 4096 })],
  });
  const sdkTracer = provider.getTracer('bench');
  const spanAttributes = {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': 'noop',
    'gen_ai.tool.call.id': 'call-1',
    'gen_ai.tool.description': 'Does nothing',
  };
  const traced = noopToolbox();
  instrument(traced, { tracerProvider: provider });
  const tracedRun = toolboxRunner(traced);
  let calls = 0;
  const isThree = (value: unknown) => value === 3;

  const sdkTool = agentsTool({
    name: 'add',
    description: 'Add two numbers',
    parameters: input,
    execute: ({ a, b }) => a + b,
  });
  const armorerAgentTool = toOpenAIAgentTools(
    createToolbox([
      createTool({ name: 'add', description: 'Add two numbers', input, execute: ({ a, b }) => a + b }),
    ]),
  )[0];
  if (armorerAgentTool === undefined) throw new Error('no agent tool');
  const runContext = new RunContext();
  const isThreeText = (value: unknown) => value === 3 || value === '3';
  return [
    {
      key: 'bare',
      group: 'instrumentation',
      label: 'no-op call, not instrumented',
      run: toolboxRunner(bare),
      check: isThree,
    },
    {
      key: 'noTracer',
      group: 'instrumentation',
      label: 'no-op call, instrument() with no tracer registered',
      run: toolboxRunner(untraced),
      check: isThree,
    },
    {
      key: 'sdkTracer',
      group: 'instrumentation',
      label: 'no-op call, instrument() with the SDK tracer + in-memory exporter',
      run: () => {
        // Keep the exporter's buffer bounded; the reset is amortized over 2,000 calls.
        if (++calls % 2_000 === 0) exporter.reset();
        return tracedRun();
      },
      check: isThree,
    },
    {
      key: 'sdkSpan',
      group: 'instrumentation',
      label: 'for reference: the SDK alone, startSpan + end of one span',
      run: async () => {
        if (++calls % 2_000 === 0) exporter.reset();
        sdkTracer
          .startSpan('execute_tool noop', { kind: SpanKind.INTERNAL, attributes: spanAttributes })
          .end();
        return 3;
      },
      check: isThree,
    },
    {
      key: 'sdkTool',
      group: 'agents',
      label: 'Agents SDK tool() with a Zod schema: invoke(ctx, JSON)',
      run: () => sdkTool.invoke(runContext, ARGS_JSON),
      check: isThreeText,
    },
    {
      key: 'agentTool',
      group: 'agents',
      label: 'toOpenAIAgentTools(toolbox) tool: invoke(ctx, JSON)',
      run: () => armorerAgentTool.invoke(runContext, ARGS_JSON),
      check: isThreeText,
    },
  ];
}
