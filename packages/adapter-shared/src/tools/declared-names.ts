import type { AnyTool } from '@armorer/core';
import type { AdapterProvider } from '../conversion/warnings';
import { providerToolName } from '../names/provider-names';
import { resolveTools } from './resolve-tools';

/**
 * The tools a parser may be told about, by the name each is declared under for a provider.
 *
 * @example
 * ```ts
 * toolsByDeclaredName('openai', toolbox, 'parseOpenAIToolCalls').get('geo_lookup')?.name; // 'geo.lookup'
 * ```
 */
export function toolsByDeclaredName(
  provider: AdapterProvider,
  source: unknown,
  parser: string,
): ReadonlyMap<string, AnyTool> {
  const map = new Map<string, AnyTool>();
  for (const tool of resolveTools(source, parser)) map.set(providerToolName(provider, tool.name), tool);
  return map;
}
