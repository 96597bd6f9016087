/**
 * @armorer/adapter-gemini: armorer tools as Google Gemini function declarations, both directions.
 * `toGeminiTools` declares tools (the OpenAPI `parameters` subset, or `parametersJsonSchema` where that
 * expresses more), `fromGeminiTools` imports declarations into a validating toolbox,
 * `parseGeminiToolCalls` reads the model's function calls, and `formatGeminiToolResults` /
 * `formatGeminiToolResultsAsync` build the `functionResponse` parts of the next request.
 *
 * @example
 * ```ts
 * import { GoogleGenAI } from '@google/genai';
 * import { formatGeminiToolResults, parseGeminiToolCalls, toGeminiTools } from '@armorer/adapter-gemini';
 *
 * const ai = new GoogleGenAI({});
 * const config = { tools: [{ functionDeclarations: toGeminiTools(toolbox) }] };
 * const response = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents, config });
 * const results = await toolbox.execute(parseGeminiToolCalls(response.functionCalls));
 * contents.push(response.candidates[0].content, { role: 'user', parts: formatGeminiToolResults(results) });
 * ```
 *
 * @module
 */
export type { ConversionWarning, ConversionWarningCode } from '@armorer/adapter-shared';
export { parseGeminiToolCalls } from './calls/parse-gemini-tool-calls';
export { formatGeminiToolResults, formatGeminiToolResultsAsync } from './results/format-gemini-tool-results';
export { fromGeminiTools } from './tools/from-gemini-tools';
export { toGeminiTools } from './tools/to-gemini-tools';
export type {
  GeminiFunctionCallLike,
  GeminiFunctionDeclaration,
  GeminiFunctionResponsePart,
  GeminiJsonSchemaMode,
  GeminiParseOptions,
  GeminiSchemaField,
  GeminiSchemaObject,
  GeminiToolCallsInput,
  GeminiToolsOptions,
} from './types';
