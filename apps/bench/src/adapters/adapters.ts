/**
 * The provider exporters under test.
 */
export { toAnthropicTools } from '@armorer/adapter-anthropic';
export { toGeminiTools } from '@armorer/adapter-gemini';
export { toOpenAITools } from '@armorer/adapter-openai';
