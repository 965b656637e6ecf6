// The worker side of tinypoolRunner: runs one sweep task descriptor in this thread.
import { runSweepTask, type SweepTask } from "../walkForward/sweep.ts";

export default function runTask(task: SweepTask): Promise<unknown> {
  return runSweepTask(task);
}
