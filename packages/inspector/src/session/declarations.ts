import { toAnthropicTools } from '@armorer/adapter-anthropic';
import { toGeminiTools } from '@armorer/adapter-gemini';
import { type ConversionWarning, toOpenAITools } from '@armorer/adapter-openai';
import type { AnyTool } from '@armorer/core';
import type { DeclarationProvider, DeclarationView, WarningView } from '../protocol';
import { previewValue } from '../render/preview-value';

type Exporter = (
  tools: readonly AnyTool[],
  onWarnings: (warnings: readonly ConversionWarning[]) => void,
) => readonly unknown[];

const PROVIDERS: readonly { provider: DeclarationProvider; label: string; exporter: Exporter }[] = [
  {
    provider: 'openai',
    label: 'OpenAI',
    exporter: (tools, onWarnings) => toOpenAITools(tools, { strict: false, onWarnings }),
  },
  {
    provider: 'openai-strict',
    label: 'OpenAI strict',
    exporter: (tools, onWarnings) => toOpenAITools(tools, { strict: true, onWarnings }),
  },
  {
    provider: 'anthropic',
    label: 'Anthropic',
    exporter: (tools, onWarnings) => toAnthropicTools(tools, { onWarnings }),
  },
  {
    provider: 'gemini',
    label: 'Gemini',
    exporter: (tools, onWarnings) => toGeminiTools(tools, { onWarnings }),
  },
];

function warningView(warning: ConversionWarning): WarningView {
  const view: { -readonly [K in keyof WarningView]: WarningView[K] } = {
    code: String(warning.code),
    path: String(warning.path),
    message: previewValue(String(warning.message), { maxString: 1_000 }) as string,
  };
  if (warning.keyword !== undefined) view.keyword = String(warning.keyword);
  return view;
}

/**
 * The tool's declaration for each provider, side by side, with what each conversion could not express
 * (the adapters' conversion warnings). A conversion that fails is shown as its error.
 */
export function declarationsOf(tool: AnyTool): DeclarationView[] {
  return PROVIDERS.map(({ provider, label, exporter }) => {
    const warnings: WarningView[] = [];
    try {
      const [declaration] = exporter([tool], (found) => {
        for (const warning of found) warnings.push(warningView(warning));
      });
      return {
        provider,
        label,
        declaration: previewValue(declaration ?? null, { maxChars: 200_000 }),
        warnings,
      };
    } catch (error) {
      return {
        provider,
        label,
        declaration: null,
        warnings,
        error: error instanceof Error ? error.message : 'The conversion failed.',
      };
    }
  });
}
