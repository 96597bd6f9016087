/**
 * Milliseconds of CPU time the calling thread spends until `work` settles. Tests that prove an algorithm
 * stays linear measure this instead of wall-clock time: on a loaded machine the thread waits for a core,
 * which wall time counts and CPU time does not, while a quadratic path still burns CPU time either way.
 */
export async function threadCpuMs(work: () => unknown): Promise<number> {
  const usage: () => NodeJS.CpuUsage =
    typeof process.threadCpuUsage === 'function' ? () => process.threadCpuUsage() : () => process.cpuUsage();
  const before = usage();
  await work();
  const after = usage();
  return (after.user - before.user + (after.system - before.system)) / 1000;
}
