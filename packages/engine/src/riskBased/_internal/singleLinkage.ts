/**
 * One merge of a dendrogram, in the numbering of SciPy's linkage matrix: the n leaves are
 * clusters 0..n−1 and merge k creates cluster n + k.
 */
export interface LinkageStep {
  /** The cluster placed first in the quasi-diagonal order. */
  left: number;
  /** The cluster placed second. */
  right: number;
  /** The single-linkage distance at which the two merge (non-decreasing over the steps). */
  distance: number;
  /** Leaves in the new cluster. */
  size: number;
}

/**
 * Single-linkage agglomerative clustering of n points from their distance matrix
 * (docs/maths.md#hierarchical-risk-parity): the minimum spanning tree by Prim's algorithm (O(n²)),
 * then its edges in increasing length joined by union–find, which yields exactly the single-linkage
 * dendrogram (Gower & Ross 1969). Children are put in a canonical order that does not depend on
 * how the assets are numbered: the child that formed at the smaller distance first (a single asset
 * counts as 0), then the smaller cluster, then the smaller `key` (the asset's variance, for a
 * single asset; the smallest key inside, for a cluster); only exact ties of all three fall back to
 * the lower leaf index.
 *
 * @param d row-major n×n distances (symmetric, zero diagonal).
 * @param key per-leaf tie-break (variances).
 */
export function orderedSingleLinkage(d: Float64Array, n: number, key: Float64Array): LinkageStep[] {
  // Prim's minimum spanning tree.
  const inTree = new Uint8Array(n);
  const best = new Float64Array(n).fill(Infinity);
  const parent = new Int32Array(n).fill(-1);
  const edges: Array<{ a: number; b: number; distance: number }> = [];
  best[0] = 0;
  for (let step = 0; step < n; step++) {
    let u = -1;
    for (let v = 0; v < n; v++) if (inTree[v] === 0 && (u < 0 || best[v]! < best[u]!)) u = v;
    inTree[u] = 1;
    if (parent[u]! >= 0) edges.push({ a: parent[u]!, b: u, distance: best[u]! });
    for (let v = 0; v < n; v++) {
      if (inTree[v] === 0 && d[u * n + v]! < best[v]!) {
        best[v] = d[u * n + v]!;
        parent[v] = u;
      }
    }
  }
  edges.sort(
    (x, y) =>
      x.distance - y.distance || Math.min(x.a, x.b) - Math.min(y.a, y.b) || Math.max(x.a, x.b) - Math.max(y.a, y.b),
  );

  // Union–find over the leaves; `cluster[root]` is the dendrogram cluster a set currently is.
  const root = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (root[i] !== i) {
      root[i] = root[root[i]!]!;
      i = root[i]!;
    }
    return i;
  };
  const cluster = Int32Array.from({ length: n }, (_, i) => i);
  const height: number[] = new Array<number>(n).fill(0);
  const size: number[] = new Array<number>(n).fill(1);
  const minKey: number[] = Array.from(key);
  const minLeaf: number[] = Array.from({ length: n }, (_, i) => i);
  const steps: LinkageStep[] = [];
  for (const edge of edges) {
    const ra = find(edge.a);
    const rb = find(edge.b);
    let p = cluster[ra]!;
    let q = cluster[rb]!;
    const before =
      height[p]! - height[q]! || size[p]! - size[q]! || minKey[p]! - minKey[q]! || minLeaf[p]! - minLeaf[q]!;
    if (before > 0) [p, q] = [q, p];
    const id = n + steps.length;
    steps.push({ left: p, right: q, distance: edge.distance, size: size[p]! + size[q]! });
    height.push(edge.distance);
    size.push(size[p]! + size[q]!);
    minKey.push(Math.min(minKey[p]!, minKey[q]!));
    minLeaf.push(Math.min(minLeaf[p]!, minLeaf[q]!));
    root[rb] = ra;
    cluster[ra] = id;
  }
  return steps;
}

/** The leaves left to right (the quasi-diagonal order of López de Prado 2016). */
export function leafOrder(steps: readonly LinkageStep[], n: number): number[] {
  if (n === 1) return [0];
  const order: number[] = [];
  const stack = [n + steps.length - 1];
  while (stack.length > 0) {
    const c = stack.pop()!;
    if (c < n) {
      order.push(c);
      continue;
    }
    const s = steps[c - n]!;
    stack.push(s.right, s.left);
  }
  return order;
}
