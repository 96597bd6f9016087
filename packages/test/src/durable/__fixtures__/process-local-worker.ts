// A worker whose "durable" stores are process-local: every process has its own. The harness must catch it.
import { createProcessLocalApprovalStateStore } from '@armorer/approval';
import { createToolResultCache } from '@armorer/idempotency';
import { runDurableWorker } from '../worker';

await runDurableWorker(() => ({
  approvalStateStore: createProcessLocalApprovalStateStore(),
  cache: createToolResultCache({ store: new Map() }),
}));
