/**
 * @armorer/mcp-cluster (private): several `createMCP` instances, each its own process, sharing Redis or
 * PostgreSQL behind a round-robin HTTP proxy; a 2026 client that retries safely. The fixtures of the
 * multi-instance test and of the multi-instance bench.
 *
 * @module
 */
export type { Cluster, ClusterInstance, ClusterOptions } from './cluster';
export { startCluster } from './cluster';
export type { CallAnswer, CallKind } from './cluster-client';
export { driveCall, readTask } from './cluster-client';
export type { Backend, Effect, EffectLedger } from './effects';
export { openLedger } from './effects';
export type { RoundRobinProxy } from './round-robin-proxy';
export { startRoundRobinProxy } from './round-robin-proxy';
