import { ApiError } from "../../../errors/ApiError.ts";

const DISK_FULL = new Set(["ENOSPC", "EDQUOT", "EFBIG"]);

/**
 * The answer to a write that could not be made durable: 507 when the disk (or quota) is full,
 * else 503; either way the message says that nothing was changed.
 *
 * @example
 * storageError(Object.assign(new Error("x"), { code: "ENOSPC" }), "state.json").status // => 507
 */
export function storageError(error: unknown, file: string): ApiError {
  const code = (error as { code?: unknown } | null)?.code;
  const kept = "nothing was changed (the previous state is kept); free some space and retry";
  if (typeof code === "string" && DISK_FULL.has(code)) {
    return new ApiError(507, `the state could not be saved: the disk is full (${code} writing ${file}); ${kept}`, {
      cause: error,
    });
  }
  const what = typeof code === "string" ? code : error instanceof Error ? error.message : String(error);
  return new ApiError(503, `the state could not be saved: I/O error (${what} writing ${file}); ${kept}`, {
    cause: error,
  });
}
