/**
 * @armorer/adapter-ai-sdk: armorer toolboxes in the Vercel AI SDK (`ai` 6 and 7). `toAISDKTools` turns a
 * toolbox into an AI SDK tool set whose calls run through the armorer pipeline, with armorer's approvals on
 * the AI SDK's own tool approval flow; `fromAISDKTools` imports an AI SDK tool set into a toolbox; and
 * `createAISDKToolCallRepair` answers a mistyped tool name with armorer's suggestions.
 *
 * @example
 * ```ts
 * import { generateText, stepCountIs } from 'ai';
 * import { toAISDKTools } from '@armorer/adapter-ai-sdk';
 *
 * const { text } = await generateText({ model, tools: toAISDKTools(toolbox), stopWhen: stepCountIs(5), prompt });
 * ```
 *
 * @module
 */
export {
  createProcessLocalAISDKApprovalStore,
  type ProcessLocalAISDKApprovalStore,
  type ProcessLocalAISDKApprovalStoreOptions,
} from './approval/approval-store';
export { resumeThroughToolbox } from './approval/resume';
export { fromAISDKTools } from './import/from-ai-sdk-tools';
export {
  type AISDKToolCallRepair,
  type AISDKToolCallRepairOptions,
  createAISDKToolCallRepair,
} from './repair/repair-tool-call';
export { defaultModelOutput } from './tools/model-output';
export { toAISDKTools } from './tools/to-ai-sdk-tools';
export { aiSDKToolName } from './tools/tool-name';
export type {
  AISDKApprovalCheckOptions,
  AISDKApprovalStore,
  AISDKCallInfo,
  AISDKCallOptions,
  AISDKInputSchema,
  AISDKJSONValue,
  AISDKPendingCall,
  AISDKResumeApproval,
  AISDKResumeContext,
  AISDKTool,
  AISDKToolExecutionOptions,
  AISDKToolResultOutput,
  AISDKToolSet,
  AISDKToolsOptions,
} from './types';
