/**
 * The executions list (each with the states it went through) and, per tool, counts by outcome and a
 * latency histogram of its finished executions.
 */
import type { ExecutionView, ToolStatsView } from '../protocol';
import { fill, formatMs, h } from './dom';

const SHOWN = 50;

function bucketLabel(upToMs: number | null, previous: number | null): string {
  if (upToMs === null) return `> ${formatMs(previous ?? 0)}`;
  return `≤ ${formatMs(upToMs)}`;
}

function histogram(stats: ToolStatsView): HTMLElement {
  const most = Math.max(1, ...stats.histogram.map((bucket) => bucket.count));
  return h(
    'ul',
    { class: 'histogram', 'aria-label': `Latency of ${stats.toolName}` },
    stats.histogram.map((bucket, index) => {
      if (bucket.count === 0) return null;
      const bar = h('span', { class: 'bar' });
      bar.style.width = `${Math.round((bucket.count / most) * 100)}%`;
      const label = bucketLabel(
        bucket.upToMs,
        index > 0 ? (stats.histogram[index - 1]?.upToMs ?? null) : null,
      );
      return h(
        'li',
        {},
        h('span', { class: 'bucket' }, label),
        h('span', { class: 'track' }, bar),
        ` ${bucket.count}`,
      );
    }),
  );
}

export interface ExecutionsView {
  readonly element: HTMLElement;
  update(execution: ExecutionView, stats: ToolStatsView | undefined): void;
  reset(executions: readonly ExecutionView[], stats: readonly ToolStatsView[]): void;
}

export function createExecutionsView(): ExecutionsView {
  const executions = new Map<string, ExecutionView>();
  const stats = new Map<string, ToolStatsView>();
  const body = h('tbody');
  const statsList = h('div', { class: 'stats' });
  let scheduled = false;

  const render = () => {
    scheduled = false;
    const rows = [...executions.values()].slice(-SHOWN).reverse();
    fill(
      body,
      rows.map((execution) =>
        h(
          'tr',
          { 'data-state': execution.state },
          h('td', {}, execution.toolName),
          h('td', {}, execution.phases.map((phase) => phase.state).join(' → ')),
          h('td', {}, execution.outcome ?? execution.state),
          h('td', {}, formatMs(execution.durationMs)),
        ),
      ),
    );
    fill(
      statsList,
      [...stats.values()].map((tool) =>
        h(
          'div',
          { class: 'tool-stats' },
          h('h4', {}, tool.toolName),
          h(
            'p',
            {},
            Object.entries(tool.outcomes)
              .map(([outcome, count]) => `${outcome}: ${count}`)
              .join(' · '),
          ),
          histogram(tool),
        ),
      ),
    );
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(render);
  };

  return {
    element: h(
      'section',
      { 'aria-label': 'Executions', class: 'panel' },
      h('h3', {}, 'Executions'),
      h(
        'table',
        {},
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', {}, 'tool'),
            h('th', {}, 'phases'),
            h('th', {}, 'outcome'),
            h('th', {}, 'time'),
          ),
        ),
        body,
      ),
      statsList,
    ),
    update(execution, toolStats) {
      executions.delete(execution.executionId);
      executions.set(execution.executionId, execution);
      if (executions.size > 200) executions.delete(executions.keys().next().value as string);
      if (toolStats !== undefined) stats.set(toolStats.toolName, toolStats);
      schedule();
    },
    reset(list, toolStats) {
      executions.clear();
      for (const execution of [...list].reverse()) executions.set(execution.executionId, execution);
      stats.clear();
      for (const tool of toolStats) stats.set(tool.toolName, tool);
      schedule();
    },
  };
}
