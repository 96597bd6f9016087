import { createToolbox, type ToolPolicy } from '@armorer/core';
import { convertUnits } from './tools/convert-units';
import { streamWords } from './tools/stream-words';
import { textStatistics } from './tools/text-stats';
import { type DemoContext, registerTodoTools, TodoStore } from './tools/todos';

const SECRET = /\b(password|passwd|secret|api[-_ ]?key|token)\b/i;

/**
 * Registry policy: never let a mutating tool persist something that looks like a credential. It runs
 * after validation, so it reads typed parameters, and before the implementation.
 */
export const noSecretsPolicy: ToolPolicy = {
  beforeExecute({ metadata, params }) {
    if (metadata?.mutates !== true) return undefined;
    const leaked = Object.values(params).some((value) => typeof value === 'string' && SECRET.test(value));
    return leaked
      ? { status: 'deny', reason: 'the arguments look like they contain a credential; never store secrets' }
      : undefined;
  },
};

/** The demo toolbox: three stand-alone tools, the todo tools registered in one step, a context and a policy. */
export function createDemoToolbox(store: TodoStore, context: DemoContext) {
  const toolbox = createToolbox([convertUnits, textStatistics, streamWords], {
    context,
    policy: noSecretsPolicy,
  });
  registerTodoTools(toolbox, store);
  return toolbox;
}

/** The same tools and context, read-only: tools with `metadata.mutates` are denied before they run. */
export function createReadOnlyToolbox(toolbox: ReturnType<typeof createDemoToolbox>) {
  return createToolbox(toolbox.tools(), {
    context: toolbox.context,
    policy: noSecretsPolicy,
    readOnly: true,
  });
}

// A demo secret; a real host reads it from its secret store (for example ARMORER_APPROVAL_SECRET).
const INSPECTOR_APPROVAL_SECRET = 'demo-inspector-secret-change-me-0123456789';

/**
 * The toolbox the inspector loads (`bunx armorer-inspector apps/demo/src/toolbox.ts`): the demo tools with
 * a fresh todo store, the credential policy, and approvals on, so the mutating todo tools pause for a
 * person and the page's approvals queue and grants have something to do.
 */
export default function createInspectorToolbox() {
  const toolbox = createToolbox([convertUnits, textStatistics, streamWords], {
    context: { user: 'ada', timeZone: 'Europe/London' },
    policy: noSecretsPolicy,
    approvalSecret: INSPECTOR_APPROVAL_SECRET,
    approvalPolicy: { mode: 'risky' },
  });
  registerTodoTools(toolbox, new TodoStore());
  return toolbox;
}
