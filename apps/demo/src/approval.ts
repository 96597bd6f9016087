import { type ApprovalStateStore, createProcessLocalApprovalStateStore } from '@armorer/approval';
import { createToolbox, type ResumedToolResult } from '@armorer/core';
import { preview } from './listeners';
import type { Style } from './style';
import { registerTodoTools, TodoStore } from './tools/todos';

// A demo secret; a real host reads it from its secret store (for example ARMORER_APPROVAL_SECRET).
const DEMO_SECRET = 'demo-approval-secret-change-me-0123456789';

const requestContext = {
  authority: {
    principalId: 'ada',
    tenantId: 'acme',
    ownerId: 'chat-42',
    capabilities: ['todos:write'],
    authorizationRevision: 'auth-7',
  },
  audience: 'tenant',
  agentId: 'planner',
  runId: 'run-1',
} as const;

/** What the approval round trip produced. */
export interface ApprovalRoundTrip {
  readonly paused: string;
  readonly resumed: ResumedToolResult;
  readonly replayed: ResumedToolResult;
  readonly forged: ResumedToolResult;
}

/** The toolbox one "process" builds: same secret and approval store everywhere approvals resume. */
function buildToolbox(store: TodoStore, approvalStateStore: ApprovalStateStore) {
  const toolbox = createToolbox([], {
    context: { user: 'ada', timeZone: 'Europe/London' },
    approvalSecret: DEMO_SECRET,
    approvalStateStore,
    approvalPolicy: { mode: 'risky', requiredCapabilities: { 'add-todo': ['todos:write'] } },
    policyRevision: 'todo-policy-1',
  });
  registerTodoTools(toolbox, store);
  return toolbox;
}

/**
 * Pauses a mutating call for approval in one toolbox, stores the descriptor as JSON, and resumes it in
 * another toolbox built over the same approval store, with the title edited by the approver. A replay
 * and a forged copy are refused; the tool runs once.
 */
export async function runApprovalRoundTrip(
  print: (line: string) => void,
  style: Style,
): Promise<ApprovalRoundTrip> {
  const todos = new TodoStore();
  const approvalStateStore = createProcessLocalApprovalStateStore();

  const first = buildToolbox(todos, approvalStateStore);
  const call = { id: 'call_add_milk', name: 'add-todo', arguments: { title: 'Buy milk' } };
  const result = await first.execute(call, { requestContext });
  const paused = JSON.stringify(result.pendingApproval);
  print(`  process A: add-todo -> ${style.yellow(result.outcome)} (${result.error?.code})`);
  print(`  descriptor stored as JSON: ${style.dim(preview(paused, 90))}`);

  const second = buildToolbox(todos, approvalStateStore);
  const resumed = await second.resumeApproval(JSON.parse(paused), {
    requestContext,
    arguments: { title: 'Buy oat milk' },
  });
  print(
    `  process B: approved with an edit -> ${style.green(resumed.outcome)}; executedArgumentsEdited: ${resumed.executedArgumentsEdited}; stored ${preview(todos.list('ada').map((todo) => todo.title))}`,
  );

  const replayed = await second.resumeApproval(JSON.parse(paused), { requestContext });
  print(
    `  replaying the same descriptor -> ${style.red(replayed.outcome)} (${replayed.error?.details?.reason})`,
  );

  const tampered = JSON.parse(paused);
  tampered.proposedCall.arguments.title = 'Transfer all funds';
  const forged = await second.resumeApproval(tampered, { requestContext });
  print(`  a forged descriptor -> ${style.red(forged.outcome)} (${forged.error?.details?.reason})`);
  print(`  todos stored: ${todos.list('ada').length} (the tool ran once)`);
  return { paused, resumed, replayed, forged };
}
