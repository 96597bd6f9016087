import { type AnyTool, createTool, createToolbox } from '@armorer/core';
import { syntheticToolConfig } from './synthetic-tools';

/** What registering `count` tools cost on the heap, in bytes, split into schemas/configs and armorer. */
export interface RegistryHeapCost {
  readonly count: number;
  /** Configurations with their Zod schemas, before armorer sees them. */
  readonly configBytes: number;
  /** `createTool` for each configuration plus registration in one toolbox. */
  readonly armorerBytes: number;
  /** Everything: configurations, schemas, tools and the toolbox. */
  readonly totalBytes: number;
  /** Wall time of creating and registering the tools. */
  readonly createMs: number;
  /** `toolbox.size` after registration. */
  readonly registered: number;
}

function settledHeap(): number {
  Bun.gc(true);
  Bun.gc(true);
  return process.memoryUsage().heapUsed;
}

/** Measures the heap held by `count` synthetic tools registered in one toolbox (references held). */
export function measureRegistryHeap(count: number): RegistryHeapCost {
  const before = settledHeap();
  const configs = Array.from({ length: count }, (_, index) => syntheticToolConfig(index));
  const afterConfigs = settledHeap();

  const started = performance.now();
  const tools: AnyTool[] = configs.map((config) => createTool(config));
  const toolbox = createToolbox(tools);
  const createMs = performance.now() - started;
  const after = settledHeap();

  // Reading every holder after the last measurement keeps them alive through it.
  if (toolbox.size !== count || tools.length !== configs.length) {
    throw new Error(`expected ${count} registered tools, got ${toolbox.size}`);
  }
  return {
    count,
    configBytes: afterConfigs - before,
    armorerBytes: after - afterConfigs,
    totalBytes: after - before,
    createMs,
    registered: toolbox.size,
  };
}
