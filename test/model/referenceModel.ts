// A small reference model of the mock's strategies, builds, versions, archive and portfolios,
// written from the contract (rest-interface.md §3, §5, §8 and the mock README), sharing no code with
// the mock: the model-based test runs random command sequences against both and compares.

export type UserName = "ines" | "marek";
export const USERS: readonly UserName[] = ["ines", "marek"];

/** 30 days: an archived strategy is purged this long after archiving. */
export const RETENTION_MS = 30 * 24 * 3600 * 1000;

export interface ModelRun {
  startedAt: number;
  durationMs: number;
  outcome: 100 | -1 | -2;
}

export interface ModelVersion {
  id: string;
  objective: string;
  /** The latest live run (the model makes no historical runs). */
  run: ModelRun | null;
  /** Live runs started so far (the API's `runs_count`). */
  runs: number;
}

export interface ModelStrategy {
  id: string;
  owner: UserName;
  name: string;
  objective: string;
  archivedAt: number | null;
  versions: ModelVersion[];
  activeVersionId: string | null;
  draftVersionId: string | null;
  nextOutcome: 100 | -1 | -2 | null;
}

export interface ModelPortfolio {
  id: string;
  owner: UserName;
  name: string;
  public: boolean;
}

/** Objectives the commands use: the first selects companies in the fixtures; the others carry the mock's magic phrases. */
export interface Objectives {
  builds: string;
  fails: string;
  failsPermanently: string;
}

export class Model {
  /** ms since the start of the run (the mock's clock offset). */
  now = 0;
  readonly buildDurationMs: number;
  /** The mock's clock at offset 0 (ms since 1970), for the UTC day of a run. */
  readonly epoch: number;
  readonly strategies: ModelStrategy[] = [];
  readonly portfolios: ModelPortfolio[] = [];

  constructor(buildDurationMs: number, epoch: number) {
    this.buildDurationMs = buildDurationMs;
    this.epoch = epoch;
  }

  /** The UTC day (YYYY-MM-DD) of model time `t`. */
  day(t: number): string {
    return new Date(this.epoch + t).toISOString().slice(0, 10);
  }

  /**
   * Whether a submit starts a new live run of `v`: always in v1; in v2 unless the version's live
   * run of today is complete and `force` is off (v2 reference "submit": `force` re-runs a
   * completed run of the version and date).
   */
  reruns(v: ModelVersion, api: "v1" | "v2", force: boolean): boolean {
    if (api === "v1" || force || v.run === null) return true;
    return !(this.day(v.run.startedAt) === this.day(this.now) && Model.runStatus(v.run, this.now) === 100);
  }

  /** 0 at the start, ceil(95·elapsed/duration) within 1..95 while running, the outcome once the duration has passed. */
  static runStatus(run: ModelRun, now: number): number {
    const elapsed = now - run.startedAt;
    if (elapsed >= run.durationMs) return run.outcome;
    if (elapsed <= 0) return 0;
    return Math.min(95, Math.max(1, Math.ceil((95 * elapsed) / run.durationMs)));
  }

  status(s: ModelStrategy): number {
    const run = s.versions.find((v) => v.id === s.activeVersionId)?.run;
    return run === null || run === undefined ? 0 : Model.runStatus(run, this.now);
  }

  building(s: ModelStrategy): boolean {
    const run = s.versions.find((v) => v.id === s.activeVersionId)?.run;
    return run !== null && run !== undefined && this.now - run.startedAt < run.durationMs;
  }

  purged(s: ModelStrategy): boolean {
    return s.archivedAt !== null && this.now >= s.archivedAt + RETENTION_MS;
  }

  /** What a user may do to a strategy: 404 (absent, purged, archived in v1, another's private), 403 (another's visible), or ok. */
  access(s: ModelStrategy, user: UserName, archived: "include" | "exclude"): 404 | 403 | "ok" {
    if (this.purged(s)) return 404;
    if (s.owner === user) return archived === "exclude" && s.archivedAt !== null ? 404 : "ok";
    return 404; // model strategies are private: invisible to others
  }

  /** The saved version matching the draft (the active one first, else the newest), or null. */
  matchingVersion(s: ModelStrategy): ModelVersion | null {
    const matches = s.versions.filter((v) => v.objective === s.objective);
    return matches.find((v) => v.id === s.activeVersionId) ?? matches[matches.length - 1] ?? null;
  }

  outcomeFor(s: ModelStrategy, objective: string, objectives: Objectives): 100 | -1 | -2 {
    if (s.nextOutcome !== null) return s.nextOutcome;
    if (objective === objectives.failsPermanently) return -2;
    if (objective === objectives.fails) return -1;
    return 100;
  }
}
