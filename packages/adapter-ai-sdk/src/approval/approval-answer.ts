/** A person's answer to an approval request, as the AI SDK carries it in the messages. */
export type ApprovalAnswer = 'approved' | 'denied' | undefined;

const NONE: readonly unknown[] = Object.freeze([]);

function partsOf(message: unknown, role: string): readonly unknown[] {
  if (typeof message !== 'object' || message === null) return NONE;
  const { role: actual, content } = message as { role?: unknown; content?: unknown };
  return actual === role && Array.isArray(content) ? content : NONE;
}

function field(part: unknown, name: string): unknown {
  return typeof part === 'object' && part !== null ? (part as Record<string, unknown>)[name] : undefined;
}

/** The ids of the approval requests the AI SDK made for a call, newest message first. */
function requestIdsFor(messages: readonly unknown[], toolCallId: string): Set<string> {
  const ids = new Set<string>();
  for (let index = messages.length - 1; index >= 0; index--) {
    for (const part of partsOf(messages[index], 'assistant')) {
      const approvalId = field(part, 'approvalId');
      if (
        field(part, 'type') === 'tool-approval-request' &&
        field(part, 'toolCallId') === toolCallId &&
        typeof approvalId === 'string'
      ) {
        ids.add(approvalId);
      }
    }
  }
  return ids;
}

/**
 * The person's answer to the approval of a call, read the way the AI SDK reads it: from the
 * `tool-approval-response` parts of the last message (a `tool` message), matched to the call through the
 * `tool-approval-request` parts of the assistant messages. `undefined` when the messages hold no answer
 * for the call. The messages come from the client: anything that is not a well-formed answer is no answer.
 */
export function approvalAnswer(messages: readonly unknown[], toolCallId: string): ApprovalAnswer {
  const last = Array.isArray(messages) ? messages[messages.length - 1] : undefined;
  let ids: Set<string> | undefined;
  // The first answer to one of the call's requests counts, as in the AI SDK. Most calls come with no answer
  // at all: nothing is allocated for them.
  for (const part of partsOf(last, 'tool')) {
    const approvalId = field(part, 'approvalId');
    if (field(part, 'type') !== 'tool-approval-response' || typeof approvalId !== 'string') continue;
    ids ??= requestIdsFor(messages, toolCallId);
    if (ids.has(approvalId)) return field(part, 'approved') === true ? 'approved' : 'denied';
  }
  return undefined;
}
