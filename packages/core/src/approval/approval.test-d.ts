import { expectTypeOf, test } from 'bun:test';
import type {
  ApprovalBindingState,
  ApprovalStateStore,
  GrantStateStore,
  IssuedApprovalBinding,
  ReusableApprovalGrant,
} from '@armorer/approval';
import type { ToolboxEventMap } from '../events/types';
import { createToolbox } from '../index';
import type { PendingApproval, PolicyContext } from '../policy/types';
import type { ToolboxOptions } from '../toolbox/types';
import type { ApprovalContext } from './resume-state';
import type { ResumedToolResult } from './types';

test('the approval surface of a toolbox is typed', () => {
  const toolbox = createToolbox([]);
  expectTypeOf(toolbox.resumeApproval).returns.toEqualTypeOf<Promise<ResumedToolResult>>();
  expectTypeOf<ResumedToolResult['executedArgumentsEdited']>().toEqualTypeOf<boolean>();
  expectTypeOf(toolbox.restoreApproval).returns.toEqualTypeOf<Promise<ApprovalBindingState>>();
  expectTypeOf(toolbox.issueGrant).returns.toEqualTypeOf<Promise<ReusableApprovalGrant>>();
  expectTypeOf(toolbox.listGrants).returns.toEqualTypeOf<Promise<readonly ReusableApprovalGrant[]>>();
  expectTypeOf<PendingApproval['binding']>().toEqualTypeOf<IssuedApprovalBinding | undefined>();
  expectTypeOf<PolicyContext['approval']>().toEqualTypeOf<ApprovalContext | undefined>();
  expectTypeOf<ToolboxEventMap['grant.used']['detail']['usesRemaining']>().toEqualTypeOf<number>();
  expectTypeOf<ToolboxOptions['approvalStateStore']>().toEqualTypeOf<ApprovalStateStore | undefined>();
  expectTypeOf<ToolboxOptions['grantStateStore']>().toEqualTypeOf<GrantStateStore | undefined>();
  // @ts-expect-error the request context is required
  void toolbox.resumeApproval({}, {});
  // @ts-expect-error a run grant request is still a grant request: scope must be one of the three
  void toolbox.issueGrant({ principalId: 'p', toolName: 't', scope: 'tenant', expiresAt: 1, maxUses: 1 });
  // @ts-expect-error the approval mode is a closed set
  createToolbox([], { approvalPolicy: { mode: 'sometimes' } });
});
