/**
 * The selected tool: what it is, its arguments as a generated form and as raw JSON (kept in step), the
 * request context of the calls, Run / Check policy / Cancel, and its provider declarations side by side.
 */
import type { DeclarationView, PreviewAnswer, ResultView, ToolDetail, ToolView } from '../protocol';
import { post } from './api';
import { fill, h, jsonBlock, pretty, uid } from './dom';
import type { RunView } from './run-view';
import { buildForm, type SchemaForm } from './schema-form';

/** Badges of a tool's enforced flags and availability. */
export function toolBadges(tool: ToolView): HTMLElement {
  const badges: string[] = [];
  if (tool.flags.readOnly) badges.push('read-only');
  if (tool.flags.mutates) badges.push('mutates');
  if (tool.flags.dangerous) badges.push('dangerous');
  if (tool.flags.untrustedOutput) badges.push('untrusted output');
  return h(
    'span',
    { class: 'badges' },
    h(
      'span',
      { class: `badge ${tool.available ? 'available' : 'unavailable'}` },
      tool.available ? 'available' : 'unavailable',
    ),
    badges.map((badge) => h('span', { class: `badge ${badge.replace(/\W+/g, '-')}` }, badge)),
    tool.tags.map((tag) => h('span', { class: 'tag' }, `#${tag}`)),
  );
}

function declarationColumn(view: DeclarationView): HTMLElement {
  return h(
    'section',
    { class: 'declaration', 'aria-label': `${view.label} declaration` },
    h('h4', {}, view.label),
    view.error === undefined ? jsonBlock(view.declaration) : h('p', { class: 'error' }, view.error),
    view.warnings.length === 0
      ? h('p', { class: 'meta' }, 'No conversion warnings.')
      : h(
          'ul',
          { class: 'warnings', 'aria-label': `${view.label} conversion warnings` },
          view.warnings.map((warning) =>
            h('li', {}, h('code', {}, warning.code), ` ${warning.path || '(root)'}: ${warning.message}`),
          ),
        ),
  );
}

/** The request context box, shared by runs, replays and grants. */
export interface ContextBox {
  readonly element: HTMLElement;
  /** The parsed context, or a message when the text is not a JSON object. */
  read(): { value: unknown } | { error: string };
}

export function createContextBox(initial: unknown): ContextBox {
  const id = uid('context');
  const area = h('textarea', { id, rows: 8, class: 'code', spellcheck: 'false', value: pretty(initial) });
  return {
    element: h('div', { class: 'field' }, h('label', { for: id }, 'Request context (JSON)'), area),
    read() {
      const text = area.value.trim();
      if (text === '') return { value: null };
      try {
        const value: unknown = JSON.parse(text);
        if (typeof value !== 'object' || Array.isArray(value))
          return { error: 'The request context must be a JSON object.' };
        return { value };
      } catch {
        return { error: 'The request context is not valid JSON.' };
      }
    },
  };
}

export interface ToolPanel {
  readonly element: HTMLElement;
  show(detail: ToolDetail): void;
}

let runs = 0;

export function createToolPanel(context: ContextBox, run: RunView): ToolPanel {
  const heading = h('h2', {}, 'Choose a tool');
  const about = h('div', { class: 'about' });
  const formHost = h('div', { class: 'form' });
  const argsId = uid('args');
  const args = h('textarea', { id: argsId, rows: 6, class: 'code', spellcheck: 'false', value: '{}' });
  const preview = h('p', { role: 'status', class: 'preview' });
  const declarations = h('div', { class: 'declarations' });
  let form: SchemaForm | undefined;
  let detail: ToolDetail | undefined;
  let lastCallId: string | undefined;

  const syncJson = () => {
    if (form !== undefined) args.value = pretty(form.read());
  };
  const rebuildForm = (value: unknown) => {
    if (detail === undefined) return;
    form = buildForm(detail.inputSchema, value, syncJson);
    fill(formHost, form.element);
  };
  args.addEventListener('input', () => {
    try {
      const value: unknown = JSON.parse(args.value);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) rebuildForm(value);
    } catch {
      // Raw JSON being typed (or kept malformed on purpose): the form waits for valid JSON.
    }
  });

  const callBody = () => {
    const requestContext = context.read();
    if ('error' in requestContext) throw new Error(requestContext.error);
    return { name: detail?.tool.name ?? '', arguments: args.value, requestContext: requestContext.value };
  };

  const runButton = h(
    'button',
    {
      type: 'button',
      class: 'primary',
      disabled: true,
      onClick: async () => {
        if (detail === undefined) return;
        runs++;
        const callId = `inspector-${Date.now().toString(36)}-${runs}`;
        lastCallId = callId;
        run.follow(callId, detail.tool.name);
        try {
          run.result(await post<ResultView>('/api/run', { ...callBody(), callId }));
        } catch (error) {
          run.failed(error instanceof Error ? error.message : String(error));
        }
      },
    },
    'Run',
  );
  const checkButton = h(
    'button',
    {
      type: 'button',
      disabled: true,
      onClick: async () => {
        try {
          const answer = await post<PreviewAnswer>('/api/preview', callBody());
          fill(
            preview,
            `Policy check: ${answer.status.replace(/_/g, ' ')}`,
            answer.errorMessage === undefined ? '' : ` (${answer.errorCode}: ${answer.errorMessage})`,
          );
        } catch (error) {
          fill(preview, error instanceof Error ? error.message : String(error));
        }
      },
    },
    'Check policy',
  );
  const cancelButton = h(
    'button',
    {
      type: 'button',
      disabled: true,
      onClick: async () => {
        if (lastCallId !== undefined)
          await post('/api/cancel', { callId: lastCallId }).catch(() => undefined);
      },
    },
    'Cancel',
  );

  const element = h(
    'section',
    { 'aria-label': 'Tool', class: 'tool-panel' },
    heading,
    about,
    h(
      'div',
      { class: 'inputs' },
      h('section', { 'aria-label': 'Arguments form', class: 'panel' }, h('h3', {}, 'Arguments'), formHost),
      h(
        'div',
        { class: 'panel' },
        h('div', { class: 'field' }, h('label', { for: argsId }, 'Arguments (JSON)'), args),
        context.element,
      ),
    ),
    h('div', { class: 'actions' }, runButton, checkButton, cancelButton),
    preview,
    run.elements,
    h('section', { 'aria-label': 'Declarations', class: 'panel' }, h('h3', {}, 'Declarations'), declarations),
  );

  return {
    element,
    show(next) {
      detail = next;
      fill(heading, next.tool.name);
      fill(about, h('p', {}, next.tool.description), toolBadges(next.tool));
      rebuildForm(undefined);
      syncJson();
      fill(preview);
      fill(declarations, next.declarations.map(declarationColumn));
      for (const button of [runButton, checkButton, cancelButton]) button.disabled = false;
    },
  };
}
