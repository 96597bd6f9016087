/**
 * The tool list with search: each tool a button named by the tool's name; a search is ranked by the
 * server with `@armorer/query` and each match says why it matched (query word, tool term, fields).
 */
import type { ToolsAnswer, ToolView } from '../protocol';
import { post } from './api';
import { fill, h, uid } from './dom';
import { toolBadges } from './tool-panel';

function explanation(tool: ToolView): HTMLElement | null {
  const match = tool.match;
  if (match === undefined) return null;
  const why = match.matched.map(
    (term) => `${term.word}${term.term === term.word ? '' : ` → ${term.term}`} (${term.fields.join(', ')})`,
  );
  const semantic = match.semanticScore === undefined ? '' : `, semantic ${match.semanticScore.toFixed(3)}`;
  return h(
    'p',
    { class: 'why' },
    `score ${match.score.toFixed(3)} (lexical ${match.lexicalScore.toFixed(3)}${semantic})`,
    why.length === 0 ? '' : ` · matched ${why.join('; ')}`,
  );
}

export interface ToolList {
  readonly element: HTMLElement;
  load(): Promise<void>;
  /** Marks the selected tool. */
  select(name: string): void;
}

export function createToolList(selected: (name: string) => void): ToolList {
  const id = uid('search');
  const search = h('input', {
    id,
    type: 'search',
    autocomplete: 'off',
    placeholder: 'what should the tool do?',
  });
  const summary = h('p', { class: 'meta', role: 'status' });
  const list = h('ul', { class: 'tool-list' });
  let current = '';
  let pending = 0;
  let selectedName: string | undefined;

  const render = (answer: ToolsAnswer) => {
    fill(
      summary,
      answer.error !== undefined
        ? answer.error
        : answer.ranked
          ? `${answer.tools.length} of ${answer.total} tools match, best first`
          : `${answer.total} tools`,
    );
    fill(
      list,
      answer.tools.map((tool) =>
        h(
          'li',
          { class: 'tool-item' },
          h(
            'button',
            {
              type: 'button',
              class: 'tool-button',
              'aria-pressed': String(tool.name === selectedName),
              onClick: () => selected(tool.name),
            },
            tool.name,
          ),
          h('p', { class: 'description' }, tool.description),
          toolBadges(tool),
          explanation(tool),
        ),
      ),
    );
  };

  const load = async () => {
    const query = search.value;
    const ticket = ++pending;
    try {
      const answer = await post<ToolsAnswer>('/api/tools', { query });
      // Only the answer to the latest keystroke is shown.
      if (ticket === pending) {
        current = query;
        render(answer);
      }
    } catch (error) {
      if (ticket === pending) fill(summary, error instanceof Error ? error.message : String(error));
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (search.value !== current) void load();
    }, 120);
  });

  return {
    element: h(
      'nav',
      { 'aria-label': 'Tools', class: 'tools' },
      h('label', { for: id }, 'Search tools'),
      search,
      summary,
      list,
    ),
    load,
    select(name) {
      selectedName = name;
      for (const button of list.querySelectorAll('button.tool-button')) {
        button.setAttribute('aria-pressed', String(button.textContent === name));
      }
    },
  };
}
