import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { hash32 } from "../../../_internal/hash.ts";
import { isProcessRunning } from "./isProcessRunning.ts";

/** What the kernel says of a pid (Linux, /proc/<pid>/stat). */
interface ProcStat {
  /** One letter: R running, S sleeping, D disk wait, Z zombie, X dead, T stopped… */
  state: string;
  /** When the process started, in clock ticks since boot: with the boot, it names one process. */
  startTicks: string;
}

/** The state and start time of `pid` from /proc, or null when there is no such process; undefined where /proc cannot tell (not Linux). */
function procStat(pid: number): ProcStat | null | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "latin1");
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return code === "ENOENT" || code === "ESRCH" ? (procAvailable() ? null : undefined) : undefined;
  }
  // "pid (comm) state ppid … starttime(22nd) …": comm may hold spaces and parentheses, so split after the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const state = fields[0];
  const startTicks = fields[19];
  return state === undefined || startTicks === undefined ? undefined : { state, startTicks };
}

let procChecked: boolean | undefined;
function procAvailable(): boolean {
  procChecked ??= (() => {
    try {
      readFileSync("/proc/self/stat");
      return true;
    } catch {
      return false;
    }
  })();
  return procChecked;
}

let bootCache: string | undefined;
/** 8 hex digits naming this boot of this machine (Linux boot_id), or "-" where unknown. */
function bootId(): string {
  bootCache ??= (() => {
    try {
      return readFileSync("/proc/sys/kernel/random/boot_id", "latin1").replace(/-/g, "").trim().slice(0, 8) || "-";
    } catch {
      return "-";
    }
  })();
  return bootCache;
}

/** 8 hex digits of this machine's host name: the lock records it, for whoever reads it. */
export function hostTag(): string {
  return hash32(hostname()).toString(16).padStart(8, "0");
}

/**
 * A token naming one process for as long as the machine runs: `<start ticks>@<boot id>` on Linux
 * (a pid is reused by later processes; its start time with the boot is not), "-" elsewhere.
 *
 * @example
 * processToken(process.pid) // => "81234567@4f1c9a2e" (Linux)
 */
export function processToken(pid: number): string {
  const stat = procStat(pid);
  return stat === null || stat === undefined || bootId() === "-" ? "-" : `${stat.startTicks}@${bootId()}`;
}

/** Whether a process recorded as (`pid`, `token` from {@link processToken}, "-" or null when unknown) still runs, and why not. */
export type Liveness = { alive: true } | { alive: false; why: string };

/**
 * Whether the process recorded as `pid` with `token` is still that process, running:
 * - Linux: no /proc entry, or a zombie (state Z or X: killed, not yet reaped by its parent, which
 *   may take seconds, or forever under an init that does not reap) is gone; a different start
 *   token means the pid now belongs to another process; a recorded "-" or null token (a lock
 *   written elsewhere or by an older version) cannot be checked further: a live pid counts.
 * - Elsewhere: `kill(pid, 0)` (a zombie or a reused pid counts as alive there).
 *
 * @example
 * processLiveness(process.pid, processToken(process.pid)) // => { alive: true }
 */
export function processLiveness(pid: number, token: string | null): Liveness {
  const stat = procStat(pid);
  if (stat === null) return isProcessRunning(pid) ? { alive: true } : { alive: false, why: "it no longer runs" }; // /proc may hide other users' processes (hidepid)
  if (stat === undefined) return isProcessRunning(pid) ? { alive: true } : { alive: false, why: "it no longer runs" };
  if (stat.state === "Z" || stat.state === "X")
    return { alive: false, why: "it was killed (a zombie not yet reaped by its parent)" };
  if (token !== null && token !== "-" && bootId() !== "-" && token !== `${stat.startTicks}@${bootId()}`) {
    return {
      alive: false,
      why: token.endsWith(`@${bootId()}`)
        ? "that pid now belongs to another process"
        : "it ran before the machine restarted",
    };
  }
  return { alive: true };
}
