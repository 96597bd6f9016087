import { toAISDKTools } from '@armorer/adapter-ai-sdk';
import { toOpenAIAgentTools } from '@armorer/adapter-openai-agents';
import { createTool, createToolbox } from '@armorer/core';
import { instrument } from '@armorer/instrumentation';
import { tool as agentsTool, RunContext } from '@openai/agents';
import { SpanKind } from '@opentelemetry/api';
import { BasicTracerProvider, BatchSpanProcessor, InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { tool as aiTool, asSchema } from 'ai';
import { z } from 'zod';

/** One timed case and the value it must produce. */
export interface IntegrationCase {
  readonly key: string;
  readonly group: 'instrumentation' | 'agents' | 'ai-sdk';
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

  // The AI SDK's work for one call of its own tool: validate the input with the tool's schema, then execute.
  const aiSdkTool = aiTool({
    description: 'Add two numbers',
    inputSchema: input,
    execute: async ({ a, b }) => a + b,
  });
  const aiSdkSchema = asSchema(aiSdkTool.inputSchema);
  const aiSdkExecute = aiSdkTool.execute;
  const executionOptions = { toolCallId: 'call-1', messages: [], context: {} };
  // For an armorer tool it also asks needsApproval (armorer previews the call), and validates nothing itself.
  const armorerAISDKTool = toAISDKTools(
    createToolbox([
      createTool({ name: 'add', description: 'Add two numbers', input, execute: ({ a, b }) => a + b }),
    ]),
  )['add'];
  if (armorerAISDKTool === undefined || aiSdkExecute === undefined) throw new Error('no AI SDK tool');
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
    {
      key: 'aiSdkTool',
      group: 'ai-sdk',
      label: 'AI SDK tool() with a Zod schema: validate, execute',
      run: async () => {
        const checked = await aiSdkSchema.validate?.(ARGS);
        if (checked?.success !== true) throw new Error('invalid');
        return aiSdkExecute(checked.value, executionOptions);
      },
      check: isThree,
    },
    {
      key: 'aiSdkArmorer',
      group: 'ai-sdk',
      label: 'toAISDKTools(toolbox) tool: needsApproval, execute',
      run: async () => {
        if (await armorerAISDKTool.needsApproval(ARGS, executionOptions)) throw new Error('paused');
        return armorerAISDKTool.execute(ARGS, executionOptions);
      },
      check: isThree,
    },
  ];
}
