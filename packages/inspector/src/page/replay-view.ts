/**
 * The replay box: paste a provider's raw tool call(s), see them parsed by that provider's adapter,
 * executed, and answered with the exact tool-result messages the model would read next.
 */
import type { ReplayAnswer, ReplayProvider } from '../protocol';
import { post } from './api';
import { fill, h, jsonBlock, uid } from './dom';

const SAMPLES: Readonly<Record<ReplayProvider, { label: string; sample: unknown }>> = {
  'openai-chat': {
    label: 'OpenAI Chat (tool_calls)',
    sample: [{ id: 'call_1', type: 'function', function: { name: 'tool-name', arguments: '{}' } }],
  },
  'openai-responses': {
    label: 'OpenAI Responses (function_call)',
    sample: [{ type: 'function_call', call_id: 'call_1', name: 'tool-name', arguments: '{}' }],
  },
  anthropic: {
    label: 'Anthropic (tool_use)',
    sample: [{ type: 'tool_use', id: 'toolu_1', name: 'tool-name', input: {} }],
  },
  gemini: {
    label: 'Gemini (functionCall)',
    sample: [{ functionCall: { name: 'tool-name', args: {} } }],
  },
};

export interface ReplayView {
  readonly element: HTMLElement;
  /** Names the selected tool in the sample, unless the box holds something the person wrote. */
  useTool(name: string): void;
}

export function createReplayView(requestContext: () => { value: unknown } | { error: string }): ReplayView {
  const providerId = uid('replay');
  const textId = uid('replay');
  const provider = h(
    'select',
    { id: providerId },
    Object.entries(SAMPLES).map(([value, { label }]) => h('option', { value }, label)),
  );
  const text = h('textarea', { id: textId, rows: 6, class: 'code', spellcheck: 'false' });
  const output = h('div', { class: 'replay-output' });
  let toolName = 'tool-name';
  let sample = '';
  const fillSample = () => {
    sample = JSON.stringify(SAMPLES[provider.value as ReplayProvider].sample, null, 2).replace(
      'tool-name',
      toolName,
    );
    text.value = sample;
  };
  provider.addEventListener('change', fillSample);
  fillSample();

  const replay = async () => {
    const context = requestContext();
    if ('error' in context) {
      fill(output, h('p', { class: 'error' }, context.error));
      return;
    }
    try {
      const answer = await post<ReplayAnswer>('/api/replay', {
        provider: provider.value,
        text: text.value,
        requestContext: context.value,
      });
      fill(
        output,
        answer.error === undefined ? null : h('p', { class: 'error', role: 'alert' }, answer.error),
        answer.results.map((result, index) =>
          h(
            'div',
            { class: 'replayed' },
            h(
              'p',
              {},
              h('strong', { class: `badge ${result.outcome}` }, result.outcome),
              ` ${answer.calls[index]?.name ?? result.toolName}`,
            ),
            result.errorMessage === undefined
              ? null
              : h('p', { class: 'error' }, `${result.errorCode}: ${result.errorMessage}`),
          ),
        ),
        answer.results.length === 0 ? null : h('h4', {}, 'What the model receives'),
        answer.results.length === 0 ? null : jsonBlock(answer.modelReceives, 'What the model receives'),
        answer.calls.length === 0
          ? null
          : h('details', {}, h('summary', {}, 'Parsed calls'), jsonBlock(answer.calls)),
      );
    } catch (error) {
      fill(output, h('p', { class: 'error' }, error instanceof Error ? error.message : String(error)));
    }
  };

  const element = h(
    'section',
    { 'aria-label': 'Replay', class: 'panel' },
    h('h3', {}, 'Replay a provider tool call'),
    h('div', { class: 'field' }, h('label', { for: providerId }, 'Provider'), provider),
    h('div', { class: 'field' }, h('label', { for: textId }, 'Provider tool call (JSON)'), text),
    h('button', { type: 'button', onClick: replay }, 'Replay'),
    output,
  );
  return {
    element,
    useTool(name) {
      toolName = name;
      if (text.value === sample) fillSample();
    },
  };
}
