import type { Toolbox, Unsubscribe } from '@armorer/core';
import type { Style } from './style';

/** Prints one line per interesting toolbox event and records `type:toolName` for tests. */
export function attachListeners(
  toolbox: Pick<Toolbox, 'addEventListener'>,
  print: (line: string) => void,
  style: Style,
  log: string[],
): Unsubscribe {
  const line = (type: string, icon: string, name: string, text: string): void => {
    log.push(`${type}:${name}`);
    print(`  ${icon} ${style.dim(type.padEnd(14))} ${style.bold(name)} ${text}`);
  };
  const subscriptions = [
    toolbox.addEventListener('execute-start', (event) => {
      line(
        'execute-start',
        style.cyan('→'),
        event.toolName,
        style.dim(`(${event.callId}) ${preview(event.detail.params)}`),
      );
    }),
    toolbox.addEventListener('validate-error', (event) => {
      line('validate-error', style.red('✗'), event.toolName, style.red(event.detail.error.code));
    }),
    toolbox.addEventListener('policy-denied', (event) => {
      line('policy-denied', style.magenta('⊘'), event.toolName, event.detail.reason);
    }),
    toolbox.addEventListener('execute-error', (event) => {
      line('execute-error', style.red('✗'), event.toolName, event.detail.error.message);
    }),
    toolbox.addEventListener('not-found', (event) => {
      const hint =
        event.detail.suggestions.length > 0 ? `did you mean ${event.detail.suggestions.join(', ')}?` : '';
      line('not-found', style.yellow('?'), event.detail.name, hint);
    }),
    toolbox.addEventListener('progress', (event) => {
      line(
        'progress',
        style.dim('…'),
        event.toolName,
        style.dim(`${event.detail.percent ?? '?'}% ${event.detail.message ?? ''}`),
      );
    }),
    toolbox.addEventListener('stream-end', (event) => {
      line('stream-end', style.cyan('≋'), event.toolName, `${event.detail.chunks} chunks`);
    }),
    toolbox.addEventListener('settled', (event) => {
      const outcome = event.detail.result.outcome;
      line(
        'settled',
        outcome === 'success' ? style.green('✓') : style.red('•'),
        event.toolName,
        colorOutcome(outcome, style),
      );
    }),
  ];
  return () => {
    for (const unsubscribe of subscriptions) unsubscribe();
  };
}

/** Colours an outcome: green for success, yellow for policy outcomes, red for errors. */
export function colorOutcome(outcome: string, style: Style): string {
  if (outcome === 'success') return style.green(outcome);
  if (outcome === 'denied' || outcome === 'action_required') return style.yellow(outcome);
  return style.red(outcome);
}

/** A one-line, bounded rendering of any value. */
export function preview(value: unknown, max = 80): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
