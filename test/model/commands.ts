// The commands of the model-based test: each draws its arguments, runs one API call through the
// typed client against the in-process mock, applies the same step to the model, and checks that
// the two agree (status codes, and the fields the step changes).
import { isThematicApiError, type ThematicClient } from "@thematic/client";
import fc from "fast-check";
import { expect } from "vitest";
import { Model, type ModelStrategy, type ModelVersion, type Objectives, type UserName } from "./referenceModel.ts";

/** The system under test as the commands reach it. */
export interface Real {
  clients: Record<UserName, ThematicClient>;
  control: ThematicClient;
  objectives: Objectives;
  /** A symbol portfolios can hold. */
  symbol: string;
  /** The mock's clock at offset 0 (ms), to turn the API's timestamps into model time. */
  epoch: number;
}

type Cmd = fc.AsyncCommand<Model, Real>;
type Expected = number | "ok";

/** The HTTP status of a call: "ok" for success, else the ThematicApiError's status. */
async function outcome<T>(call: Promise<T>): Promise<{ status: Expected; data?: T }> {
  try {
    return { status: "ok", data: await call };
  } catch (error) {
    if (isThematicApiError(error)) return { status: error.status };
    throw error;
  }
}

const pick = (m: Model, ref: number): ModelStrategy => m.strategies[ref % m.strategies.length]!;
const path = (id: string) => ({ params: { path: { id } } });
type ObjectiveKind = keyof Objectives;

class CreateStrategy implements Cmd {
  constructor(
    readonly user: UserName,
    readonly kind: ObjectiveKind,
    readonly name: string,
    readonly api: "v1" | "v2",
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const objective = r.objectives[this.kind];
    const client = r.clients[this.user];
    let id: string;
    if (this.api === "v1") {
      const created = await client.post("/v1/strategies", { body: { name: this.name, objective } });
      expect(created).toMatchObject({ name: this.name, objective, status: 0 });
      id = created.id;
    } else {
      const created = await client.post("/v2/strategies", { body: { name: this.name, description: objective } });
      expect(created).toMatchObject({
        name: this.name,
        description: objective,
        status: 0,
        active_version_id: null,
        draft_version_id: null,
        archived_at: null,
      });
      id = created.id;
    }
    expect(m.strategies.some((s) => s.id === id)).toBe(false);
    m.strategies.push({
      id,
      owner: this.user,
      name: this.name,
      objective,
      archivedAt: null,
      versions: [],
      activeVersionId: null,
      draftVersionId: null,
      nextOutcome: null,
    });
  }
  toString = () => `create(${this.user}, ${this.kind}, ${JSON.stringify(this.name)}, ${this.api})`;
}

/** Expected fields of a version (v2 shape, rollup mode) from the model. */
function versionFields(m: Model, s: ModelStrategy, v: ModelVersion) {
  return {
    version_id: v.id,
    strategy_id: s.id,
    description: v.objective,
    is_active: v.id === s.activeVersionId,
    status: v.run === null ? null : Model.runStatus(v.run, m.now),
    runs_count: v.runs,
    as_of_date: null,
  };
}

class Submit implements Cmd {
  /** `force` only in v2 (the v2 submit body; v1 submits have none and always re-run). */
  constructor(
    readonly user: UserName,
    readonly ref: number,
    readonly api: "v1" | "v2",
    readonly force: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.strategies.length > 0;
  async run(m: Model, r: Real) {
    const s = pick(m, this.ref);
    const access = m.access(s, this.user, "exclude");
    const expected: Expected = access !== "ok" ? access : m.building(s) ? 423 : "ok";
    const client = r.clients[this.user];
    const got = await outcome<unknown>(
      this.api === "v1"
        ? client.post("/v1/strategies/{id}/submit", path(s.id))
        : client.post("/v2/strategies/{id}/submit", { ...path(s.id), body: { force: this.force } }),
    );
    expect(got.status).toBe(expected);
    if (got.status !== "ok") return;
    const after = await client.get("/v2/strategies/{id}", path(s.id));
    let version = m.matchingVersion(s);
    if (version === null) {
      expect(s.versions.map((v) => v.id)).not.toContain(after.active_version_id);
      version = { id: after.active_version_id!, objective: s.objective, run: null, runs: 0 };
      s.versions.push(version);
    }
    expect(after.active_version_id).toBe(version.id);
    s.activeVersionId = version.id;
    s.draftVersionId = version.id;
    if (m.reruns(version, this.api, this.force)) {
      version.run = {
        startedAt: m.now,
        durationMs: m.buildDurationMs,
        outcome: m.outcomeFor(s, version.objective, r.objectives),
      };
      version.runs += 1;
      s.nextOutcome = null;
    }
    expect(after.status).toBe(m.status(s));
    // v1 answers the strategy; v2 the version it ran, date-scoped to the run (today's live run).
    if (this.api === "v1") expect(got.data).toMatchObject({ id: s.id, objective: s.objective, status: m.status(s) });
    else
      expect(got.data).toMatchObject({
        ...versionFields(m, s, version),
        as_of_date: m.day(m.now),
        runs_count: null,
        latest_run_date: null,
      });
  }
  toString = () => `submit(${this.user}, #${this.ref}, ${this.api}${this.api === "v2" ? `, force=${this.force}` : ""})`;
}

class Patch implements Cmd {
  constructor(
    readonly user: UserName,
    readonly ref: number,
    readonly api: "v1" | "v2",
    readonly change: { name?: string; kind?: ObjectiveKind },
  ) {}
  check = (m: Readonly<Model>) => m.strategies.length > 0;
  async run(m: Model, r: Real) {
    const s = pick(m, this.ref);
    const body = {
      ...(this.change.name === undefined ? {} : { name: this.change.name }),
      ...(this.change.kind === undefined ? {} : { objective: r.objectives[this.change.kind] }),
    };
    const client = r.clients[this.user];
    const got = await outcome<unknown>(
      this.api === "v1"
        ? client.patch("/v1/strategies/{id}", { ...path(s.id), body })
        : client.patch("/v2/strategies/{id}", { ...path(s.id), body }),
    );
    expect(got.status).toBe(m.access(s, this.user, "exclude"));
    if (got.status !== "ok") return;
    if (body.name !== undefined) s.name = body.name;
    if (body.objective !== undefined) s.objective = body.objective;
    s.draftVersionId = m.matchingVersion(s)?.id ?? null;
  }
  toString = () => `patch(${this.user}, #${this.ref}, ${this.api}, ${JSON.stringify(this.change)})`;
}

class Archive implements Cmd {
  constructor(
    readonly user: UserName,
    readonly ref: number,
    readonly via: "v1-delete" | "v2-delete" | "v2-archive",
  ) {}
  check = (m: Readonly<Model>) => m.strategies.length > 0;
  async run(m: Model, r: Real) {
    const s = pick(m, this.ref);
    const client = r.clients[this.user];
    const call =
      this.via === "v1-delete"
        ? client.delete("/v1/strategies/{id}", path(s.id))
        : this.via === "v2-delete"
          ? client.delete("/v2/strategies/{id}", path(s.id))
          : client.post("/v2/strategies/{id}/archive", path(s.id));
    const got = await outcome<unknown>(call);
    expect(got.status).toBe(m.access(s, this.user, this.via === "v1-delete" ? "exclude" : "include"));
    if (got.status === "ok") s.archivedAt ??= m.now;
  }
  toString = () => `archive(${this.user}, #${this.ref}, ${this.via})`;
}

class Revive implements Cmd {
  constructor(
    readonly user: UserName,
    readonly ref: number,
    readonly api: "v1" | "v2",
  ) {}
  check = (m: Readonly<Model>) => m.strategies.length > 0;
  async run(m: Model, r: Real) {
    const s = pick(m, this.ref);
    const access = m.access(s, this.user, "include");
    const expected: Expected = access !== "ok" ? access : s.archivedAt === null ? 400 : "ok";
    const client = r.clients[this.user];
    const got = await outcome<unknown>(
      this.api === "v1"
        ? client.post("/v1/strategies/{id}/revive", path(s.id))
        : client.post("/v2/strategies/{id}/revive", path(s.id)),
    );
    expect(got.status).toBe(expected);
    if (got.status === "ok") s.archivedAt = null;
  }
  toString = () => `revive(${this.user}, #${this.ref}, ${this.api})`;
}

class Advance implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const status = await r.control.post("/__mock/clock/advance", { body: { ms: this.ms } });
    m.now += this.ms;
    expect(status.clockOffsetMs).toBe(m.now);
  }
  toString = () => `advance(${this.ms})`;
}

class CompleteBuilds implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    let expected = 0;
    for (const s of m.strategies) {
      for (const v of s.versions) {
        if (v.run !== null && m.now - v.run.startedAt < v.run.durationMs) {
          v.run.durationMs = m.now - v.run.startedAt;
          expected += 1;
        }
      }
    }
    expect(await r.control.post("/__mock/builds/complete")).toEqual({ completed: expected });
  }
  toString = () => "completeBuilds()";
}

class ForceNextBuild implements Cmd {
  constructor(
    readonly ref: number,
    readonly outcome: 100 | -1 | -2,
  ) {}
  check = (m: Readonly<Model>) => m.strategies.length > 0;
  async run(m: Model, r: Real) {
    const s = pick(m, this.ref);
    const got = await outcome(
      r.control.put("/__mock/strategies/{id}/next-build", { ...path(s.id), body: { outcome: this.outcome } }),
    );
    expect(got.status).toBe(m.purged(s) ? 404 : "ok"); // a purged strategy is gone for the control surface too
    if (got.status === "ok") s.nextOutcome = this.outcome;
  }
  toString = () => `forceNextBuild(#${this.ref}, ${this.outcome})`;
}

class Optimize implements Cmd {
  constructor(
    readonly user: UserName,
    readonly ref: number,
  ) {}
  check = (m: Readonly<Model>) => m.strategies.length > 0;
  async run(m: Model, r: Real) {
    const s = pick(m, this.ref);
    const access = m.access(s, this.user, "exclude");
    const status = m.status(s);
    const expected: Expected =
      access !== "ok" ? access : s.activeVersionId === null ? 409 : m.building(s) ? 202 : status === 100 ? "ok" : 409;
    const got = await outcome(r.clients[this.user].post("/v1/strategies/{id}/optimize", path(s.id)));
    expect(got.status).toBe(expected);
    if (got.data !== undefined) expect(got.data.portfolio.reduce((a, c) => a + c.weight, 0)).toBeCloseTo(1, 9);
  }
  toString = () => `optimize(${this.user}, #${this.ref})`;
}

/** Compares one strategy as its owner reads it (v2, versions included) with the model. */
class Inspect implements Cmd {
  constructor(
    readonly user: UserName,
    readonly ref: number,
  ) {}
  check = (m: Readonly<Model>) => m.strategies.length > 0;
  async run(m: Model, r: Real) {
    const s = pick(m, this.ref);
    const client = r.clients[this.user];
    const got = await outcome(client.get("/v2/strategies/{id}", path(s.id)));
    expect(got.status).toBe(m.access(s, this.user, "include"));
    if (got.data === undefined) return;
    expect({
      name: got.data.name,
      objective: got.data.description,
      status: got.data.status,
      archivedAt: got.data.archived_at === null ? null : Date.parse(got.data.archived_at) - r.epoch,
      active: got.data.active_version_id,
      draft: got.data.draft_version_id,
    }).toEqual({
      name: s.name,
      objective: s.objective,
      status: m.status(s),
      // v2 timestamps are to the second (docs/parity.md "Issue 22"); the epoch is a whole second.
      archivedAt: s.archivedAt === null ? null : Math.floor(s.archivedAt / 1000) * 1000,
      active: s.activeVersionId,
      draft: s.draftVersionId,
    });
    expect(got.data.objective).toBe(got.data.description);
    const versions = await client.get("/v2/strategies/{id}/versions", path(s.id));
    const byId = new Map(versions.map((v) => [v.version_id, v]));
    expect([...byId.keys()].sort()).toEqual(s.versions.map((v) => v.id).sort());
    for (const v of s.versions) expect(byId.get(v.id)).toMatchObject(versionFields(m, s, v));
  }
  toString = () => `inspect(${this.user}, #${this.ref})`;
}

class ListStrategies implements Cmd {
  constructor(readonly user: UserName) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const listed = new Set((await r.clients[this.user].get("/v1/strategies")).map((s) => s.id));
    const ours = m.strategies
      .filter((s) => listed.has(s.id))
      .map((s) => s.id)
      .sort();
    const expected = m.strategies
      .filter((s) => s.owner === this.user && s.archivedAt === null && !m.purged(s))
      .map((s) => s.id)
      .sort();
    expect(ours).toEqual(expected);
  }
  toString = () => `listStrategies(${this.user})`;
}

class SavePortfolio implements Cmd {
  constructor(
    readonly user: UserName,
    readonly name: string,
    readonly isPublic: boolean,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const existing = m.portfolios.find((p) => p.owner === this.user && p.name === this.name);
    const saved = await r.clients[this.user].post("/v1/portfolios", {
      body: { name: this.name, public: this.isPublic, holdings: [{ symbol: r.symbol, weight: 1 }] },
    });
    if (existing !== undefined) {
      expect(saved.id).toBe(existing.id);
      existing.public = this.isPublic;
    } else {
      expect(m.portfolios.map((p) => p.id)).not.toContain(saved.id);
      m.portfolios.push({ id: saved.id, owner: this.user, name: this.name, public: this.isPublic });
    }
    expect(saved).toMatchObject({ name: this.name, public: this.isPublic });
  }
  toString = () => `savePortfolio(${this.user}, ${JSON.stringify(this.name)}, public=${this.isPublic})`;
}

class DeletePortfolio implements Cmd {
  constructor(
    readonly user: UserName,
    readonly ref: number,
  ) {}
  check = (m: Readonly<Model>) => m.portfolios.length > 0;
  async run(m: Model, r: Real) {
    const at = this.ref % m.portfolios.length;
    const p = m.portfolios[at]!;
    const expected: Expected = p.owner === this.user ? "ok" : p.public ? 403 : 404;
    const got = await outcome(r.clients[this.user].delete("/v1/portfolios/{id}", path(p.id)));
    expect(got.status).toBe(expected);
    if (got.status === "ok") m.portfolios.splice(at, 1);
  }
  toString = () => `deletePortfolio(${this.user}, #${this.ref})`;
}

class ListPortfolios implements Cmd {
  constructor(readonly user: UserName) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const listed = await r.clients[this.user].get("/v1/portfolios");
    const known = new Set(m.portfolios.map((p) => p.id));
    const ours = listed
      .filter((p) => known.has(p.id))
      .map((p) => p.id)
      .sort();
    expect(ours).toEqual(
      m.portfolios
        .filter((p) => p.owner === this.user || p.public)
        .map((p) => p.id)
        .sort(),
    );
  }
  toString = () => `listPortfolios(${this.user})`;
}

/** Mostly the owner of most strategies, so sequences reach deep states; the other user checks isolation. */
const user = fc.constantFrom<UserName>("ines", "ines", "ines", "marek");
const ref = fc.nat(20);
const kind = fc.constantFrom<ObjectiveKind>("builds", "builds", "fails", "failsPermanently");
const name = fc.constantFrom("Alpha", "Beta", "Gamma");

const api = fc.constantFrom("v1" as const, "v2" as const);
const create = fc.tuple(user, kind, name, api).map(([u, k, n, a]) => new CreateStrategy(u, k, n, a));
const submit = fc.tuple(user, ref, api, fc.boolean()).map(([u, i, a, f]) => new Submit(u, i, a, a === "v2" && f));
const inspect = fc.tuple(user, ref).map(([u, i]) => new Inspect(u, i));

/** Every command; creating, submitting and inspecting strategies twice as likely as the others. */
export const allCommands = [
  create,
  create,
  submit,
  submit,
  inspect,
  fc
    .tuple(
      user,
      ref,
      fc.constantFrom("v1" as const, "v2" as const),
      fc.option(name, { nil: undefined }),
      fc.option(kind, { nil: undefined }),
    )
    .filter(([, , , n, k]) => n !== undefined || k !== undefined)
    .map(
      ([u, i, a, n, k]) =>
        new Patch(u, i, a, { ...(n === undefined ? {} : { name: n }), ...(k === undefined ? {} : { kind: k }) }),
    ),
  fc
    .tuple(user, ref, fc.constantFrom("v1-delete" as const, "v2-delete" as const, "v2-archive" as const))
    .map(([u, i, v]) => new Archive(u, i, v)),
  fc.tuple(user, ref, fc.constantFrom("v1" as const, "v2" as const)).map(([u, i, a]) => new Revive(u, i, a)),
  fc.constantFrom(500, 2_000, 2_000, 5_000, 5_000, 31 * 24 * 3600 * 1000).map((ms) => new Advance(ms)),
  fc.constant(new CompleteBuilds()),
  fc.tuple(ref, fc.constantFrom<100 | -1 | -2>(100, -1, -2)).map(([i, o]) => new ForceNextBuild(i, o)),
  fc.tuple(user, ref).map(([u, i]) => new Optimize(u, i)),
  inspect,
  user.map((u) => new ListStrategies(u)),
  fc.tuple(user, fc.constantFrom("model-a", "model-b"), fc.boolean()).map(([u, n, p]) => new SavePortfolio(u, n, p)),
  fc.tuple(user, ref).map(([u, i]) => new DeletePortfolio(u, i)),
  user.map((u) => new ListPortfolios(u)),
];
