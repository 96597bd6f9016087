/**
 * The Result, Events and Stream regions and the progress bar of the call the page follows: its
 * `ToolResult` (outcome as text), its events in the order the toolbox fired them, its stream chunks as
 * they arrive, and a `progressbar` once it reports progress.
 */
import type { EventView, PreviewJson, ResultView } from '../protocol';
import { fill, formatMs, h, jsonBlock, pretty } from './dom';

const MAX_EVENTS = 500;

function eventSummary(event: EventView): string {
  const detail = event.detail as Record<string, PreviewJson> | null;
  if (detail === null || typeof detail !== 'object' || Array.isArray(detail)) return '';
  switch (event.type) {
    case 'progress':
      return [detail.percent === undefined ? '' : `${detail.percent}%`, detail.message ?? '']
        .filter((part) => part !== '')
        .join(' ');
    case 'stream-chunk':
      return `#${String(detail.index)}: ${pretty(detail.chunk)}`;
    case 'not-found':
      return `did you mean: ${pretty(detail.suggestions)}`;
    case 'settled':
    case 'complete': {
      const result = detail.result as Record<string, PreviewJson> | undefined;
      return typeof result === 'object' && result !== null ? String(result.outcome ?? '') : '';
    }
    case 'execute-success':
    case 'execute-error':
      return formatMs(typeof detail.durationMs === 'number' ? detail.durationMs : undefined);
    case 'validate-error':
    case 'policy-denied':
    case 'error':
    case 'cancelled': {
      const error = detail.error as Record<string, PreviewJson> | undefined;
      return typeof error === 'object' && error !== null ? `${error.code ?? ''} ${error.message ?? ''}` : '';
    }
    default:
      return '';
  }
}

/** The follow-one-call view. */
export interface RunView {
  readonly elements: readonly HTMLElement[];
  /** Starts following a call: clears the previous one. */
  follow(callId: string, label: string): void;
  /** Shows a result (of the followed call, or of a resumed one). */
  result(view: ResultView): void;
  /** Shows an error that kept the call from being made at all. */
  failed(message: string): void;
  event(event: EventView): void;
}

export function createRunView(): RunView {
  const outcome = h('p', { class: 'outcome' }, 'Nothing run yet.');
  const resultBody = h('div');
  const result = h(
    'section',
    { 'aria-label': 'Result', class: 'panel result' },
    h('h3', {}, 'Result'),
    outcome,
    resultBody,
  );
  const progress = h('progress', { max: 100, 'aria-label': 'Progress', hidden: true });
  const progressText = h('span', { class: 'progress-text' });
  const progressRow = h('div', { class: 'progress-row' }, progress, progressText);
  const events = h('ol', { class: 'events' });
  const eventsRegion = h(
    'section',
    { 'aria-label': 'Events', class: 'panel' },
    h('h3', {}, 'Events'),
    events,
  );
  const chunks = h('pre', { class: 'chunks' });
  const stream = h(
    'section',
    { 'aria-label': 'Stream', class: 'panel', hidden: true },
    h('h3', {}, 'Stream'),
    chunks,
  );
  let callId: string | undefined;
  let count = 0;

  return {
    elements: [progressRow, result, stream, eventsRegion],
    follow(id, label) {
      callId = id;
      count = 0;
      fill(outcome, `running ${label}…`);
      outcome.dataset.outcome = 'running';
      fill(resultBody);
      fill(events);
      fill(chunks);
      stream.hidden = true;
      progress.hidden = true;
      progress.removeAttribute('value');
      fill(progressText);
    },
    result(view) {
      callId = view.callId;
      outcome.dataset.outcome = view.outcome;
      fill(outcome, h('strong', { class: `badge ${view.outcome}` }, view.outcome), ` ${view.toolName}`);
      fill(
        resultBody,
        view.errorCode === undefined
          ? null
          : h(
              'p',
              { class: 'error' },
              `${view.errorCategory ?? ''} ${view.errorCode}: ${view.errorMessage ?? ''}`,
            ),
        view.approvalId === undefined ? null : h('p', {}, 'Paused for approval: answer it in Approvals.'),
        view.executedArgumentsEdited === true
          ? h('p', {}, 'Ran with arguments edited by the approver.')
          : null,
        view.result === undefined ? null : jsonBlock(view.result, 'Tool result'),
        view.error === undefined
          ? null
          : h('details', {}, h('summary', {}, 'ToolError'), jsonBlock(view.error)),
        h(
          'p',
          { class: 'meta' },
          `call ${view.callId}${view.executionId === undefined ? '' : ` · execution ${view.executionId}`}`,
        ),
      );
    },
    failed(message) {
      outcome.dataset.outcome = 'failed';
      fill(outcome, h('strong', { class: 'badge error' }, 'not run'));
      fill(resultBody, h('p', { class: 'error' }, message));
    },
    event(event) {
      if (callId === undefined || event.callId !== callId) return;
      if (event.type === 'progress') {
        const detail = event.detail as Record<string, PreviewJson> | null;
        const percent =
          detail !== null && typeof detail === 'object' && !Array.isArray(detail)
            ? detail.percent
            : undefined;
        progress.hidden = false;
        if (typeof percent === 'number') progress.value = Math.max(0, Math.min(100, percent));
        fill(progressText, eventSummary(event));
      }
      if (event.type === 'stream-chunk') {
        stream.hidden = false;
        const detail = event.detail as Record<string, PreviewJson>;
        chunks.append(`${pretty(detail.chunk)}\n`);
      }
      if (count >= MAX_EVENTS) return;
      count++;
      const time = new Date(event.timestamp).toISOString().slice(11, 23);
      events.appendChild(
        h(
          'li',
          { 'data-type': event.type },
          h('code', {}, event.type),
          ` ${eventSummary(event)}`,
          h('span', { class: 'meta' }, ` ${time}`),
        ),
      );
    },
  };
}
