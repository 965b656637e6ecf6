/**
 * The rules every split set must keep (docs/maths.md#purge-and-embargo), checked from their
 * definitions, independently of how the generators build the sets. Violations are collected as
 * text and asserted once, so a property run stays fast.
 */
import { expect } from "vitest";
import type { CrossValidationSplits } from "../types.ts";

export function expectSplitRules(cv: CrossValidationSplits): void {
  const { periods: T, groups, purge: h, embargo: e } = cv;
  const bad: string[] = [];
  if (groups[0] !== 0 || groups[groups.length - 1] !== T)
    bad.push(`groups run from ${groups[0]} to ${groups[groups.length - 1]}`);
  for (let g = 0; g + 1 < groups.length; g++)
    if (groups[g + 1]! - groups[g]! < 2) bad.push(`group ${g} holds fewer than 2 periods`);
  cv.splits.forEach((split, s) => {
    const train = Array.from(split.train);
    const test = Array.from(split.test);
    // Sorted, in range.
    for (const [name, list] of [
      ["train", train],
      ["test", test],
    ] as const) {
      for (let k = 0; k < list.length; k++) {
        if (!(list[k]! >= 0 && list[k]! < T && (k === 0 || list[k]! > list[k - 1]!)))
          bad.push(`split ${s} ${name}[${k}] = ${list[k]}`);
      }
    }
    // The test set is exactly the union of its groups.
    const expectedTest = Array.from(split.testGroups).flatMap((g) =>
      Array.from({ length: groups[g + 1]! - groups[g]! }, (_, i) => groups[g]! + i),
    );
    if (test.join() !== expectedTest.join()) bad.push(`split ${s} test is not the union of its groups`);
    // Disjoint; purge: no train label window [t, t + h] overlaps a test label window [u, u + h], i.e. |t − u| > h.
    for (const t of train)
      for (const u of test) if (!(Math.abs(t - u) > h)) bad.push(`split ${s}: train ${t} within ${h} of test ${u}`);
    // Embargo and purge zones: no train period in [a − h, b + h + e]; and every period outside all zones is trained on.
    const trainSet = new Set(train);
    for (let t = 0; t < T; t++) {
      const inZone = Array.from(split.testGroups).some((g) => t >= groups[g]! - h && t <= groups[g + 1]! - 1 + h + e);
      if (trainSet.has(t) === inZone)
        bad.push(
          `split ${s}: period ${t} ${inZone ? "in a zone but trained on" : "outside every zone but not trained on"}`,
        );
    }
  });
  expect(bad.slice(0, 10)).toEqual([]);
}

/** How many splits test each period. */
export function testCounts(cv: CrossValidationSplits): number[] {
  const counts = new Array<number>(cv.periods).fill(0);
  for (const s of cv.splits) for (const t of s.test) counts[t]!++;
  return counts;
}

/** Asserts every path covers every period once, from test segments of splits that test the group, each (split, group) segment in exactly one path. */
export function expectPathRules(cv: CrossValidationSplits, phi: number): void {
  const groupCount = cv.groups.length - 1;
  const bad: string[] = [];
  if (cv.paths.length !== phi) bad.push(`${cv.paths.length} paths, expected ${phi}`);
  const used = new Map<string, number>();
  cv.paths.forEach((path, p) => {
    if (path.length !== groupCount) bad.push(`path ${p} has ${path.length} segments`);
    for (let g = 0; g < groupCount; g++) {
      const s = path[g]!;
      if (!Array.from(cv.splits[s]!.testGroups).includes(g))
        bad.push(`path ${p} takes group ${g} from split ${s}, which does not test it`);
      const key = `${s}:${g}`;
      used.set(key, (used.get(key) ?? 0) + 1);
    }
  });
  let segments = 0;
  for (const s of cv.splits) segments += s.testGroups.length;
  if (used.size !== segments) bad.push(`${used.size} of ${segments} test segments used`);
  for (const [key, count] of used) if (count !== 1) bad.push(`segment ${key} used ${count} times`);
  expect(bad).toEqual([]);
}
