const STUDIO = /^\/__mock\/(studio(\/|$)|requests$|drift$)/;

/**
 * True for the studio's own requests (its page, assets, snapshot, chart and the request log):
 * a developer tool, so they are neither delayed by the simulated latency nor recorded in the log.
 *
 * @example
 * isStudioPath("/__mock/studio/snapshot") // => true
 */
export function isStudioPath(path: string): boolean {
  return STUDIO.test(path);
}
