/**
 * The approvals queue: each paused call with its (sanitized, bounded) arguments, Approve, Edit arguments
 * then Approve, and Deny. Approving resumes through `toolbox.resumeApproval` on the server.
 */
import type { ApprovalView, ResultView } from '../protocol';
import { post } from './api';
import { fill, h, jsonBlock, uid } from './dom';

export interface ApprovalsView {
  readonly element: HTMLElement;
  update(approvals: readonly ApprovalView[]): void;
}

function stateText(approval: ApprovalView): string {
  switch (approval.state) {
    case 'pending':
      return 'waiting for a person';
    case 'resuming':
      return 'resuming…';
    case 'approved':
      return `approved: ${approval.result?.outcome ?? ''}`;
    case 'denied':
      return 'denied';
    case 'refused':
      return 'refused';
  }
}

export function createApprovalsView(resumed: (result: ResultView) => void): ApprovalsView {
  const list = h('ol', { class: 'approvals' });
  const empty = h('p', { class: 'meta' }, 'No call is waiting for approval.');
  // Edits in progress survive the re-render that every queue change causes.
  const drafts = new Map<string, string>();
  const errors = new Map<string, string>();

  const answer = async (approval: ApprovalView, action: 'approve' | 'deny', edited?: string) => {
    let body: Record<string, unknown> = { id: approval.id };
    if (edited !== undefined) {
      try {
        const value: unknown = JSON.parse(edited);
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          throw new Error('not an object');
        body = { ...body, arguments: value };
      } catch {
        errors.set(approval.id, 'The edited arguments must be a JSON object.');
        render(latest);
        return;
      }
    }
    errors.delete(approval.id);
    try {
      const next = await post<ApprovalView>(`/api/approvals/${action}`, body);
      if (next.state !== 'pending') drafts.delete(approval.id);
      if (next.result !== undefined) resumed(next.result);
    } catch (error) {
      errors.set(approval.id, error instanceof Error ? error.message : String(error));
      render(latest);
    }
  };

  const item = (approval: ApprovalView): HTMLElement => {
    const open = approval.state === 'pending';
    const draft = drafts.get(approval.id);
    const editId = uid('edit');
    const editor =
      draft === undefined
        ? null
        : h(
            'div',
            { class: 'field' },
            h('label', { for: editId }, `Edited arguments for ${approval.toolName}`),
            h('textarea', {
              id: editId,
              rows: 6,
              class: 'code',
              spellcheck: 'false',
              value: draft,
              onInput: (event: Event) => drafts.set(approval.id, (event.target as HTMLTextAreaElement).value),
            }),
          );
    const message = errors.get(approval.id) ?? approval.message;
    return h(
      'li',
      { class: `approval ${approval.state}`, 'aria-label': `${approval.toolName} approval` },
      h('p', {}, h('strong', {}, approval.toolName), ` · ${stateText(approval)}`),
      approval.reason === undefined ? null : h('p', { class: 'meta' }, approval.reason),
      jsonBlock(approval.arguments, `Arguments of ${approval.toolName}`),
      editor,
      message === undefined ? null : h('p', { class: 'error', role: 'alert' }, message),
      !approval.resumable && open
        ? h('p', { class: 'meta' }, 'This call cannot be resumed: the toolbox has no approvalSecret.')
        : null,
      open
        ? h(
            'div',
            { class: 'actions' },
            h(
              'button',
              {
                type: 'button',
                class: 'primary',
                disabled: !approval.resumable,
                onClick: () => answer(approval, 'approve', drafts.get(approval.id)),
              },
              'Approve',
            ),
            approval.argumentsJson === undefined || draft !== undefined
              ? null
              : h(
                  'button',
                  {
                    type: 'button',
                    onClick: () => {
                      drafts.set(approval.id, approval.argumentsJson ?? '{}');
                      render(latest);
                    },
                  },
                  'Edit arguments',
                ),
            h('button', { type: 'button', class: 'danger', onClick: () => answer(approval, 'deny') }, 'Deny'),
          )
        : null,
      approval.result === undefined
        ? null
        : h(
            'p',
            {},
            'Result: ',
            h('strong', { class: `badge ${approval.result.outcome}` }, approval.result.outcome),
            approval.result.errorMessage === undefined ? '' : ` ${approval.result.errorMessage}`,
          ),
    );
  };

  let latest: readonly ApprovalView[] = [];
  const render = (approvals: readonly ApprovalView[]) => {
    latest = approvals;
    const pending = approvals.filter((approval) => approval.state === 'pending').length;
    fill(empty, pending === 0 ? 'No call is waiting for approval.' : `${pending} waiting for a person.`);
    // Keep focus inside an editor while the queue re-renders around it.
    const focused = document.activeElement as HTMLTextAreaElement | null;
    const focusedLabel = focused?.id
      ? list.querySelector(`label[for="${focused.id}"]`)?.textContent
      : undefined;
    fill(list, approvals.map(item));
    if (focusedLabel !== undefined && focusedLabel !== null) {
      for (const label of list.querySelectorAll('label')) {
        if (label.textContent === focusedLabel) document.getElementById(label.htmlFor)?.focus();
      }
    }
  };

  return {
    element: h(
      'section',
      { 'aria-label': 'Approvals', class: 'panel' },
      h('h3', {}, 'Approvals'),
      empty,
      list,
    ),
    update: render,
  };
}
