/**
 * The one worker pool of the long stages (evaluation, self-play): W workers
 * (each holding its engines) take tasks in order; after a task's result is
 * safely appended the next is taken; the first failure stops new tasks and is
 * rethrown once every worker has finished its current task, so what was done
 * stays done and a rerun resumes from there.
 *
 * Test-only switch: with `MBI_TEST_KILL_AFTER=<pool>:N` in the environment
 * the process kills itself (SIGKILL) right after the N-th task of the pool of
 * that name (`evaluations`, `opening sets`, `games`), so interruption tests
 * are deterministic instead of racing a polling loop.
 *
 * @module
 */

/** Environment variable of the test-only kill switch. */
export const TEST_KILL_ENV = "MBI_TEST_KILL_AFTER";

/** Runs `tasks` on `workers` with `run(worker, task)`; returns the number of tasks completed. */
export async function runPool<T, W>(
  name: string,
  tasks: readonly T[],
  workers: readonly W[],
  run: (worker: W, task: T) => Promise<void>,
): Promise<number> {
  const [pool, count] = (Deno.env.get(TEST_KILL_ENV) ?? "").split(":");
  const killAfter = pool === name ? Number(count) : NaN;
  let next = 0;
  let completed = 0;
  let failure: { error: unknown } | undefined;
  const loop = async (worker: W) => {
    while (!failure && next < tasks.length) {
      const task = tasks[next++];
      try {
        await run(worker, task);
        completed++;
        if (completed === killAfter) Deno.kill(Deno.pid, "SIGKILL");
      } catch (e) {
        failure ??= { error: e };
      }
    }
  };
  await Promise.all(workers.map(loop));
  if (failure) throw failure.error;
  return completed;
}
