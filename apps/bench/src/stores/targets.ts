import { sqliteTarget } from './sqlite';
import type { StoreBenchTarget } from './types';

/**
 * Every backend `bun run bench:stores` measures, in order. The extension point: a Redis or PostgreSQL
 * target lives in its own file beside this one and is appended here.
 */
export const TARGETS: readonly StoreBenchTarget[] = [sqliteTarget];
