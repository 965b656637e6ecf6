/**
 * Whether a process with this pid runs now (EPERM: it runs, as another user).
 *
 * @example
 * isProcessRunning(process.pid) // => true
 */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === "EPERM";
  }
}
