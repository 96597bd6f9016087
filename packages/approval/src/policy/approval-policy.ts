/**
 * When a call needs a person (the ask axis): `always` every call; `risky` calls of tools whose metadata
 * says `mutates` or `dangerous`; `never` no call.
 */
export type ApprovalMode = 'always' | 'risky' | 'never';

/** What the approval policy knows about a tool (fixed at registration). */
export interface ApprovalPolicyTool {
  readonly name: string;
  readonly tags: readonly string[];
  readonly metadata: { readonly mutates?: boolean; readonly dangerous?: boolean } | undefined;
}

/**
 * The two-axis capability approval policy of a toolbox (`createToolbox(tools, { approvalPolicy })`).
 * Capability axis: a call whose request authority lacks a required capability is denied (never asked,
 * never overridden by a grant). Ask axis: a call the mode selects pauses for approval unless a reusable
 * grant matches.
 *
 * @example
 * ```ts
 * const approvalPolicy: ApprovalPolicy = {
 *   mode: 'risky',
 *   requiredCapabilities: { 'send-email': ['email:send'] },
 * };
 * ```
 */
export interface ApprovalPolicy {
  /** Default `never`. */
  readonly mode?: ApprovalMode;
  /** Capabilities a call must hold in `requestContext.authority.capabilities`, per tool name or computed. */
  readonly requiredCapabilities?:
    | Readonly<Record<string, readonly string[]>>
    | ((tool: ApprovalPolicyTool) => readonly string[] | undefined);
  /** The reason shown with an approval request (default names the tool). */
  readonly reason?: string;
}

/** What the policy decides for one tool, once, at registration. */
export interface ApprovalRequirement {
  /** The ask axis: calls pause for approval (unless a grant matches). */
  readonly ask: boolean;
  /** The capability axis: every one of these must be held. */
  readonly requiredCapabilities: readonly string[];
  readonly reason: string;
}

const MODES = new Set(['always', 'risky', 'never']);

/**
 * Resolves the policy for one tool. Returns `undefined` when the policy neither asks nor requires a
 * capability for it (the call then pays nothing). Throws a TypeError for a malformed policy.
 *
 * @example
 * ```ts
 * resolveApprovalRequirement({ mode: 'always' }, { name: 'deploy', tags: [], metadata: undefined });
 * // { ask: true, requiredCapabilities: [], reason: 'Tool "deploy" requires human approval.' }
 * ```
 */
export function resolveApprovalRequirement(
  policy: ApprovalPolicy,
  tool: ApprovalPolicyTool,
): ApprovalRequirement | undefined {
  if (typeof policy !== 'object' || policy === null) throw new TypeError('approvalPolicy must be an object.');
  const mode = policy.mode ?? 'never';
  if (!MODES.has(mode)) throw new TypeError(`approvalPolicy.mode must be "always", "risky" or "never".`);
  const ask =
    mode === 'always' ||
    (mode === 'risky' && (tool.metadata?.mutates === true || tool.metadata?.dangerous === true));
  const source = policy.requiredCapabilities;
  const listed = typeof source === 'function' ? source(tool) : source?.[tool.name];
  if (listed !== undefined && (!Array.isArray(listed) || listed.some((item) => typeof item !== 'string'))) {
    throw new TypeError(
      `approvalPolicy.requiredCapabilities for "${tool.name}" must be an array of strings.`,
    );
  }
  const requiredCapabilities = Object.freeze([...new Set(listed ?? [])]);
  if (!ask && requiredCapabilities.length === 0) return undefined;
  const reason =
    typeof policy.reason === 'string' && policy.reason.length > 0
      ? policy.reason
      : `Tool "${tool.name}" requires human approval.`;
  return Object.freeze({ ask, requiredCapabilities, reason });
}

/**
 * The first required capability the held list lacks, or `undefined` when all are held.
 *
 * @example
 * ```ts
 * missingCapability(['email:send'], ['email:read']); // 'email:send'
 * ```
 */
export function missingCapability(
  required: readonly string[],
  held: readonly string[] | undefined,
): string | undefined {
  // Indexed loops: both lists are frozen, and JavaScriptCore iterates (and searches) frozen arrays
  // through slower paths; this runs on every call the capability axis covers.
  for (let index = 0; index < required.length; index++) {
    const capability = required[index] as string;
    if (held === undefined || !holds(held, capability)) return capability;
  }
  return undefined;
}

function holds(held: readonly string[], capability: string): boolean {
  for (let index = 0; index < held.length; index++) if (held[index] === capability) return true;
  return false;
}
