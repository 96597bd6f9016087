import { ProviderAdapterError } from '@armorer/adapter-shared';
import type { AnyTool, ToolResult } from '@armorer/core';
import { ApprovalFlow } from '../approval/approval-flow';
import { defaultApprovalStore } from '../approval/approval-store';
import { resumeThroughToolbox } from '../approval/resume';
import type { AISDKTool, AISDKToolSet, AISDKToolsOptions } from '../types';
import { aiSDKInputSchema } from './input-schema';
import { defaultModelOutput, failureOf } from './model-output';
import { requireToolbox } from './require-toolbox';
import { aiSDKToolName } from './tool-name';

/** The output of a call that succeeded; any other outcome is thrown, for the AI SDK's `tool-error`. */
function settle(result: ToolResult): unknown {
  if (result.outcome === 'success') return result.result;
  throw failureOf(result);
}

function buildTool(tool: AnyTool, flow: ApprovalFlow, options: AISDKToolsOptions): AISDKTool {
  const configuration = tool.configuration;
  const name = configuration.name;
  const shape = options.toModelOutput;
  return {
    description: configuration.description,
    inputSchema: aiSDKInputSchema(configuration),
    execute: async (input, execution) => settle(await flow.run(name, input, execution)),
    needsApproval: (input, check) => flow.needsApproval(name, input, check),
    toModelOutput:
      shape === undefined
        ? defaultModelOutput
        : ({ toolCallId, input, output }) => shape({ toolName: name, toolCallId, input, output }),
  };
}

/**
 * The tools of a toolbox as an AI SDK tool set, for `tools` of `generateText`, `streamText` or an `Agent`
 * (AI SDK 6 and 7). Every call runs through `toolbox.execute`: validation, policy, middleware, events,
 * idempotency and loop detection all apply, and the AI SDK's abort signal reaches the tool. A result that
 * succeeds goes back to the model through `toModelOutput` (text, or JSON data); any other outcome is thrown
 * as core's `ToolCallError`, which the AI SDK records as a `tool-error` and feeds back to the model as the
 * error's message. A call armorer's policy pauses for approval becomes the AI SDK's own approval request
 * (`tool-approval-request`); the person's answer comes back as a `tool-approval-response`, and an approved
 * call resumes through `toolbox.resumeApproval` (signed, once, under `callOptions.requestContext`). Names
 * that some provider would refuse are declared with `_` instead (see `aiSDKToolName`).
 *
 * @example
 * ```ts
 * import { generateText, stepCountIs } from 'ai';
 * import { toAISDKTools } from 'armorer/adapters/ai-sdk';
 *
 * const result = await generateText({
 *   model,
 *   tools: toAISDKTools(toolbox, { callOptions: { requestContext } }),
 *   stopWhen: stepCountIs(5),
 *   prompt: 'What is the weather in Oslo?',
 * });
 * ```
 */
export function toAISDKTools(toolbox: unknown, options: AISDKToolsOptions = {}): AISDKToolSet {
  const { toolbox: box, runner } = requireToolbox(toolbox, 'toAISDKTools');
  const settings = options ?? {};
  const flow = new ApprovalFlow(
    box,
    runner,
    settings.callOptions,
    settings.approvalStore ?? defaultApprovalStore(box),
    settings.resumeApproval ?? resumeThroughToolbox,
  );
  const set: AISDKToolSet = {};
  const owners = new Map<string, string>();
  for (const tool of box.tools()) {
    const declared = aiSDKToolName(tool.name);
    const other = owners.get(declared);
    if (other !== undefined) {
      throw new ProviderAdapterError({
        code: 'DUPLICATE_DECLARED_NAME',
        message: `Tools "${other}" and "${tool.name}" would both be declared to the AI SDK as "${declared}". Rename one of them.`,
      });
    }
    owners.set(declared, tool.name);
    // Defined, not assigned: a tool named "__proto__" is a key like any other.
    Object.defineProperty(set, declared, {
      value: buildTool(tool, flow, settings),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return set;
}
