// Public surface of the walk-forward area (docs/maths.md#walk-forward-evaluation); re-exported by src/index.ts.
export type {
  WalkForwardContext,
  WalkForwardEstimator,
  WalkForwardOptions,
  WalkForwardRebalance,
  WalkForwardResult,
  WalkForwardSchedule,
  WalkForwardWeights,
} from "./types.ts";
export { walkForward } from "./walkForward.ts";
export {
  sweep,
  runSweepTask,
  serialRunner,
  type SweepOptions,
  type SweepProgress,
  type SweepRunner,
  type SweepTask,
} from "./sweep.ts";
export { messagePortRunner, serveSweepTasks, type MessagePortRunner, type SweepPort } from "./messagePortRunner.ts";
