/** Reusable approval grants: issue one from a form (defaults from the request context), list, revoke. */
import type { GrantsAnswer, GrantView } from '../protocol';
import { get, post } from './api';
import { fill, h, uid } from './dom';

export interface GrantsView {
  readonly element: HTMLElement;
  load(): Promise<void>;
  /** Tool names for the form's select. */
  tools(names: readonly string[]): void;
}

function input(
  label: string,
  props: Record<string, unknown> = {},
): { row: HTMLElement; control: HTMLInputElement } {
  const id = uid('grant');
  const control = h('input', { id, type: 'text', ...props });
  return { row: h('div', { class: 'field' }, h('label', { for: id }, label), control), control };
}

export function createGrantsView(requestContext: () => unknown): GrantsView {
  const toolId = uid('grant');
  const toolSelect = h('select', { id: toolId });
  const scopeId = uid('grant');
  const scope = h(
    'select',
    { id: scopeId },
    ['principal', 'run', 'session'].map((value) => h('option', { value }, value)),
  );
  const fields = {
    principalId: input('Principal'),
    tenantId: input('Tenant'),
    ownerId: input('Owner'),
    agentId: input('Agent'),
    runId: input('Run id'),
    sessionId: input('Session id'),
    resourcePattern: input('Resource pattern', { placeholder: 'reports/*' }),
    expiresInMinutes: input('Expires in (minutes)', { type: 'number', value: '60', min: '1' }),
    maxUses: input('Max uses', { type: 'number', value: '5', min: '1', step: '1' }),
  };
  const status = h('p', { role: 'status', class: 'meta' });
  const list = h('ul', { class: 'grants' });

  const prefill = () => {
    const context = requestContext() as Record<string, unknown> | null;
    const authority = (context?.authority ?? {}) as Record<string, unknown>;
    const set = (field: { control: HTMLInputElement }, value: unknown) => {
      if (field.control.value === '' && typeof value === 'string') field.control.value = value;
    };
    set(fields.principalId, authority.principalId);
    set(fields.tenantId, authority.tenantId);
    set(fields.ownerId, authority.ownerId);
    set(fields.agentId, context?.agentId);
    set(fields.runId, context?.runId);
    set(fields.sessionId, context?.sessionId);
  };

  const render = (answer: GrantsAnswer) => {
    fill(status, answer.error ?? `${answer.grants.filter((grant) => !grant.revoked).length} active grants.`);
    fill(
      list,
      answer.grants.map((grant: GrantView) =>
        h(
          'li',
          { class: grant.revoked ? 'revoked' : '' },
          h('strong', {}, grant.toolName),
          ` · ${grant.scope} · ${grant.principalId} · ${grant.usesRemaining}/${grant.maxUses} uses · `,
          grant.revoked ? 'revoked' : `until ${new Date(grant.expiresAt).toLocaleTimeString()}`,
          grant.resourcePattern === undefined ? '' : ` · ${grant.resourcePattern}`,
          grant.revoked
            ? null
            : h(
                'button',
                {
                  type: 'button',
                  'aria-label': `Revoke grant for ${grant.toolName}`,
                  onClick: async () =>
                    render(await post<GrantsAnswer>('/api/grants/revoke', { id: grant.id })),
                },
                'Revoke',
              ),
        ),
      ),
    );
  };

  const issue = h(
    'button',
    {
      type: 'button',
      onClick: async () => {
        const body: Record<string, unknown> = { toolName: toolSelect.value, scope: scope.value };
        for (const [key, field] of Object.entries(fields)) body[key] = field.control.value;
        render(await post<GrantsAnswer>('/api/grants/issue', body));
      },
    },
    'Issue grant',
  );

  const form = h(
    'details',
    { class: 'grant-form', onToggle: prefill },
    h('summary', {}, 'Issue a grant'),
    h('div', { class: 'field' }, h('label', { for: toolId }, 'Grant tool'), toolSelect),
    h('div', { class: 'field' }, h('label', { for: scopeId }, 'Scope'), scope),
    Object.values(fields).map((field) => field.row),
    issue,
  );

  return {
    element: h(
      'section',
      { 'aria-label': 'Grants', class: 'panel' },
      h('h3', {}, 'Grants'),
      status,
      list,
      form,
    ),
    async load() {
      try {
        render(await get<GrantsAnswer>('/api/grants'));
      } catch (error) {
        fill(status, error instanceof Error ? error.message : String(error));
      }
    },
    tools(names) {
      fill(
        toolSelect,
        names.map((name) => h('option', { value: name }, name)),
      );
    },
  };
}
