/**
 * The armorer inspector page: plain DOM, bundled into the one HTML document the server sends. It talks
 * to its server only, with the session token from its address as a bearer token.
 */
import type { StateAnswer, ToolDetail } from '../protocol';
import { follow, get, post } from './api';
import { createApprovalsView } from './approvals-view';
import { fill, h } from './dom';
import { createExecutionsView } from './executions-view';
import { createGrantsView } from './grants-view';
import { createReplayView } from './replay-view';
import { createRunView } from './run-view';
import { createToolList } from './tool-list';
import { createContextBox, createToolPanel } from './tool-panel';

async function start(): Promise<void> {
  const app = document.getElementById('app');
  if (app === null) return;
  let state: StateAnswer;
  try {
    state = await get<StateAnswer>('/api/state');
  } catch (error) {
    fill(
      app,
      h(
        'p',
        { class: 'error', role: 'alert' },
        `The inspector refused this page: ${error instanceof Error ? error.message : String(error)}. Open the address the command printed, token included.`,
      ),
    );
    return;
  }

  const connection = h('span', { class: 'connection', role: 'status' }, 'connecting…');
  const context = createContextBox(state.requestContext);
  const run = createRunView();
  const panel = createToolPanel(context, run);
  const approvals = createApprovalsView((result) => {
    run.follow(result.callId, result.toolName);
    run.result(result);
  });
  const executions = createExecutionsView();
  const grants = createGrantsView(() => {
    const read = context.read();
    return 'value' in read ? read.value : null;
  });
  const replay = createReplayView(() => context.read());
  const list = createToolList(async (name) => {
    list.select(name);
    replay.useTool(name);
    try {
      panel.show(await post<ToolDetail>('/api/tool', { name }));
    } catch (error) {
      run.failed(error instanceof Error ? error.message : String(error));
    }
  });

  fill(
    app,
    h(
      'header',
      { class: 'top' },
      h('h1', {}, 'armorer inspector'),
      h('span', { class: 'meta' }, `${state.toolCount} tools`),
      connection,
    ),
    h(
      'main',
      { class: 'layout' },
      list.element,
      panel.element,
      h('aside', { class: 'side' }, approvals.element, replay.element, grants.element, executions.element),
    ),
  );
  approvals.update(state.approvals);
  executions.reset(state.executions, state.stats);

  follow(
    (message) => {
      if (message.kind === 'event') run.event(message.event);
      else if (message.kind === 'approvals') approvals.update(message.approvals);
      else executions.update(message.execution, message.stats);
    },
    (on) => fill(connection, on ? 'live' : 'reconnecting…'),
  );
  await list.load();
  const names = [...document.querySelectorAll('button.tool-button')].map(
    (button) => button.textContent ?? '',
  );
  grants.tools(names);
  void grants.load();
  performance.mark('inspector-ready');
  document.body.dataset.ready = 'true';
}

void start();
