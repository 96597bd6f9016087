import type { PendingApproval } from '@armorer/core';

/** A flat form schema as MCP elicitation accepts it (primitive properties only). */
export interface ElicitationForm {
  readonly type: 'object';
  readonly properties: Record<string, Record<string, unknown>>;
  readonly required?: string[];
}

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

function isFlatForm(value: unknown): value is ElicitationForm {
  if (typeof value !== 'object' || value === null) return false;
  const schema = value as { type?: unknown; properties?: unknown };
  if (schema.type !== 'object' || typeof schema.properties !== 'object' || schema.properties === null)
    return false;
  return Object.values(schema.properties).every(
    (property) =>
      typeof property === 'object' &&
      property !== null &&
      PRIMITIVES.has(String((property as { type?: unknown }).type)),
  );
}

/** The elicitation request for a paused call: a yes/no approval, or the input the policy described. */
export function elicitationRequest(pending: PendingApproval): {
  message: string;
  requestedSchema: ElicitationForm;
} {
  const reason = pending.reason ? ` ${pending.reason}` : '';
  if (pending.kind === 'approval') {
    return {
      message: `Approve the call to "${pending.toolName}" with ${JSON.stringify(pending.proposedCall.arguments)}?${reason}`,
      requestedSchema: {
        type: 'object',
        properties: { approve: { type: 'boolean', title: 'Approve', description: 'Run this tool call' } },
        required: ['approve'],
      },
    };
  }
  const requested = pending.requestedInput;
  return {
    message: `"${pending.toolName}" needs input.${reason}`,
    requestedSchema: isFlatForm(requested)
      ? requested
      : {
          type: 'object',
          properties: { input: { type: 'string', title: 'Input' } },
          required: ['input'],
        },
  };
}
