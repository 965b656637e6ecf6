import type { SessionOut } from "../schemas/session.ts";

/**
 * The sandbox-session registry as the control routes see it (`routes/sessions.ts`); the session
 * dispatcher (`app/createSessionDispatcher.ts`) implements it and registers those routes with it.
 *
 * @example
 * sessions.open("w1") // => { session: { name: "w1", … }, created: true }
 */
export interface SessionControl {
  readonly maxSessions: number;
  /** Idle time after which a session is dropped, ms (0: never). */
  readonly idleMs: number;
  /** The live sessions, as `GET /__mock/sessions` lists them. */
  list(): SessionOut[];
  /** The session `name`, created (empty state: the fixtures) when absent. @throws ApiError 409 at the cap */
  open(name: string): { session: SessionOut; created: boolean };
  /** Drops session `name` and its state; false when there was none. */
  remove(name: string): boolean;
}
