/**
 * Milliseconds of CPU time the calling thread spends in `work`. Tests that prove an algorithm stays linear
 * measure this instead of wall-clock time: on a loaded machine the thread waits for a core, which wall
 * time counts and CPU time does not, while a quadratic path still burns CPU time either way.
 */
export function threadCpuMs(work: () => void): number {
  const usage: () => NodeJS.CpuUsage =
    typeof process.threadCpuUsage === 'function' ? () => process.threadCpuUsage() : () => process.cpuUsage();
  const before = usage();
  work();
  const after = usage();
  return (after.user - before.user + (after.system - before.system)) / 1000;
}
