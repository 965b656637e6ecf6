import type { CrossValidationSplit } from "../types.ts";

/**
 * The backtest paths of a combinatorial split set (López de Prado 2018, §12.4): every group is
 * tested by φ splits; path p takes, for each group g, the p-th split (in split order) that tests g.
 * So `paths[p][g]` names the split whose test segment on g belongs to path p, and each path covers
 * every period exactly once (docs/maths.md#cpcv-backtest-paths). Cost: O(splits·k + φ·N).
 * Precondition: every group is tested by the same number φ of splits.
 */
export function assemblePaths(splits: readonly CrossValidationSplit[], groupCount: number): Int32Array[] {
  const testedBy: number[][] = Array.from({ length: groupCount }, () => []);
  for (let s = 0; s < splits.length; s++) for (const g of splits[s]!.testGroups) testedBy[g]!.push(s);
  const phi = testedBy[0]!.length;
  const paths: Int32Array[] = [];
  for (let p = 0; p < phi; p++) paths.push(Int32Array.from(testedBy, (list) => list[p]!));
  return paths;
}
