import type { ToolConfiguration } from '@armorer/core';

/** Whether a tool is declared in strict mode: its `metadata.openai.strict`, else the toolbox-wide option. */
export function wantsStrict(configuration: ToolConfiguration, fallback: boolean | undefined): boolean {
  const own = (configuration.metadata?.['openai'] as { readonly strict?: unknown } | undefined)?.strict;
  return typeof own === 'boolean' ? own : fallback === true;
}
