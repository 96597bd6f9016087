import type { AnyTool } from '@armorer/core';
import type { AdapterProvider } from '../conversion/warnings';
import { providerToolName } from '../names/provider-names';
import { resolveTools } from './resolve-tools';

/**
 * The tools a parser may be told about, by the name each is declared under for a provider. A tool whose
 * name needs no change wins its name over a tool whose changed name collides with it; colliding changed
 * names are left out.
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
  // A tool declared under its own name owns that name; two changed names that collide map to neither, so
  // a call to that name is refused (NOT_FOUND) rather than run on a guess.
  const map = new Map<string, AnyTool>();
  const changed = new Map<string, AnyTool | null>();
  for (const tool of resolveTools(source, parser)) {
    const declared = providerToolName(provider, tool.name);
    if (declared === tool.name) map.set(declared, tool);
    else changed.set(declared, changed.has(declared) ? null : tool);
  }
  for (const [declared, tool] of changed) if (tool !== null && !map.has(declared)) map.set(declared, tool);
  return map;
}
