import { createToolError, suggestToolNames, type Toolbox } from '@armorer/core';
import { toolCallFailure } from '../tools/model-output';
import { requireToolbox } from '../tools/require-toolbox';
import { aiSDKToolName } from '../tools/tool-name';

/** The part of the AI SDK's `ToolCallRepairFunction` options the repair reads. */
export interface AISDKToolCallRepairOptions<TCall extends { readonly toolName: string }> {
  /** The call as the model sent it (`LanguageModelV3ToolCall` / `V4ToolCall`). */
  readonly toolCall: TCall;
  /** The tool set of the generation. */
  readonly tools: object;
  /** Why the call could not be parsed (`NoSuchToolError` or `InvalidToolInputError`). */
  readonly error: unknown;
}

/** A repair function for `experimental_repairToolCall` of `generateText` and `streamText`. */
export type AISDKToolCallRepair = <TCall extends { readonly toolName: string }>(
  options: AISDKToolCallRepairOptions<TCall>,
) => Promise<TCall | null>;

function isNoSuchTool(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AI_NoSuchToolError'
  );
}

/** The declared name of every tool of the toolbox that the generation's tool set holds, by armorer name. */
function declaredNames(toolbox: Toolbox, tools: object): Map<string, string> {
  const names = new Map<string, string>();
  for (const name of toolbox.names()) {
    const declared = aiSDKToolName(name);
    if (Object.hasOwn(tools, declared)) names.set(name, declared);
  }
  return names;
}

/**
 * A repair for calls to a tool name the tool set does not hold (`experimental_repairToolCall`). A call to a
 * tool's armorer name where the tool set declares it under another (`weather.get` declared as
 * `weather_get`) is sent to that tool: the same tool, nothing guessed. Any other unknown name gets armorer's
 * did-you-mean answer: the closest declared names, in a `TOOL_NOT_FOUND` error the AI SDK feeds back to the
 * model as the call's result (prefixed by the AI SDK with "Error repairing tool call"). Calls whose input is
 * not valid JSON are left to the AI SDK.
 *
 * @example
 * ```ts
 * import { generateText } from 'ai';
 * import { createAISDKToolCallRepair, toAISDKTools } from 'armorer/adapters/ai-sdk';
 *
 * const result = await generateText({
 *   model,
 *   tools: toAISDKTools(toolbox),
 *   experimental_repairToolCall: createAISDKToolCallRepair(toolbox),
 *   prompt,
 * });
 * ```
 */
export function createAISDKToolCallRepair(toolbox: unknown): AISDKToolCallRepair {
  const box = requireToolbox(toolbox, 'createAISDKToolCallRepair').toolbox;
  return async (options) => {
    const { toolCall, tools, error } = options;
    if (!isNoSuchTool(error) || typeof toolCall?.toolName !== 'string') return null;
    const requested = toolCall.toolName;
    const declared = declaredNames(box, typeof tools === 'object' && tools !== null ? tools : {});
    const target = declared.get(requested);
    if (target !== undefined) return { ...toolCall, toolName: target };
    const suggestions = suggestToolNames(requested, [...declared.values()]);
    const hint =
      suggestions.length > 0 ? ` Did you mean ${suggestions.map((name) => `"${name}"`).join(' or ')}?` : '';
    const shown = requested.length > 100 ? `${requested.slice(0, 100)}…` : requested;
    const message = `Unknown tool "${shown}".${hint} Call one of the available tools.`;
    throw toolCallFailure(
      requested,
      createToolError('TOOL_NOT_FOUND', message, { details: { suggestions } }),
    );
  };
}
