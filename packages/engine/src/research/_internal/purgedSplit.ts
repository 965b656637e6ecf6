import { EngineError } from "../../errors/EngineError.ts";
import type { CrossValidationSplit } from "../types.ts";

/**
 * One split of T periods grouped by `bounds` (group g = [bounds[g], bounds[g + 1])): the test set is
 * the union of `testGroups`; the train set is every other period t outside each test group's purge
 * and embargo zone [a − h, b + h + e] (a, b the group's first and last period; docs/maths.md#purge-and-embargo).
 * Cost: O(T).
 * @throws EngineError INSUFFICIENT_DATA when no period is left to train on, naming `options.purge`
 *   (the purge alone empties it) or `options.embargo`.
 */
export function purgedSplit(
  bounds: Int32Array,
  testGroups: Int32Array,
  purge: number,
  embargo: number,
  splitIndex: number,
): CrossValidationSplit {
  const periods = bounds[bounds.length - 1]!;
  const banned = new Uint8Array(periods);
  let testCount = 0;
  for (let j = 0; j < testGroups.length; j++) {
    const g = testGroups[j]!;
    const a = bounds[g]!;
    const end = bounds[g + 1]!; // exclusive: b = end − 1
    testCount += end - a;
    banned.fill(1, Math.max(0, a - purge), Math.min(periods, end + purge + embargo));
  }
  const test = new Int32Array(testCount);
  let k = 0;
  for (let j = 0; j < testGroups.length; j++) {
    const g = testGroups[j]!;
    for (let t = bounds[g]!; t < bounds[g + 1]!; t++) test[k++] = t;
  }
  let trainCount = 0;
  for (let t = 0; t < periods; t++) trainCount += 1 - banned[t]!;
  if (trainCount === 0) {
    const field = embargo > 0 && purgedSplitHasTrain(bounds, testGroups, purge) ? "options.embargo" : "options.purge";
    throw new EngineError(
      "INSUFFICIENT_DATA",
      `split ${splitIndex} (test groups ${Array.from(testGroups).join(", ")}) has no period left to train on: purge ${purge} and embargo ${embargo} remove all ${periods - testCount} other periods; lower ${field}`,
      { field, details: { split: splitIndex, purge, embargo, periods } },
    );
  }
  const train = new Int32Array(trainCount);
  k = 0;
  for (let t = 0; t < periods; t++) if (banned[t] === 0) train[k++] = t;
  return Object.freeze({ train, test, testGroups });
}

/** Whether the split keeps a train period with the purge alone (no embargo). */
function purgedSplitHasTrain(bounds: Int32Array, testGroups: Int32Array, purge: number): boolean {
  const periods = bounds[bounds.length - 1]!;
  const banned = new Uint8Array(periods);
  for (const g of testGroups)
    banned.fill(1, Math.max(0, bounds[g]! - purge), Math.min(periods, bounds[g + 1]! + purge));
  return banned.includes(0);
}
