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

/**
 * The heap in use once full collections stop freeing anything (at most eight): one or two collections can
 * leave garbage that a later one frees (finalizers, weak tables, code the JIT dropped), and a reading taken
 * then is too high by as much as a few hundred tools weigh.
 */
function settledHeap(): number {
  Bun.gc(true);
  let used = process.memoryUsage().heapUsed;
  for (let round = 0; round < 8; round++) {
    Bun.gc(true);
    const now = process.memoryUsage().heapUsed;
    if (now >= used) return now;
    used = now;
  }
  return used;
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
