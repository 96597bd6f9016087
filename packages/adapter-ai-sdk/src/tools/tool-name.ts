import { providerToolName } from '@armorer/adapter-shared';

/**
 * The name a tool is declared under in the tool set: the AI SDK sends the keys of a tool set to the provider
 * as they are, so a name must fit every provider's rules. A name that fits OpenAI's and Anthropic's
 * (`[A-Za-z0-9_-]`, at most 64) and starts with a letter or `_` (Gemini's rule) is kept; any other name gets
 * a deterministic stand-in (`records.save` -> `records_save`, a leading digit gets a `_`).
 *
 * @example
 * ```ts
 * aiSDKToolName('get-weather'); // 'get-weather'
 * aiSDKToolName('records.save'); // 'records_save'
 * ```
 */
export function aiSDKToolName(name: string): string {
  const safe = providerToolName('openai', name);
  if (/^[a-zA-Z_]/.test(safe)) return safe;
  return providerToolName('openai', `_${safe}`);
}
