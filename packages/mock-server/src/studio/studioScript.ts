/**
 * The studio page's script, served as /__mock/studio/studio.js. Plain browser JavaScript kept as a
 * string so the page works wherever the app runs (Node, msw) with nothing read from disk. It is
 * exercised in Chromium by test/studio/studio.test.ts. No template literals inside (String.raw).
 */
export const STUDIO_SCRIPT = String.raw`
// The mock studio page (served by the mock at /__mock/studio/studio.js; no framework, no CDN).
// Every change goes through the control surface (JSON bodies, same origin); the page polls
// /__mock/studio/snapshot and /__mock/requests once a second.
"use strict";
const $ = (id) => document.getElementById(id);
const POLL_MS = 1000;
const STATUS_TEXT = { 0: "Not built", 100: "Done", "-1": "Error", "-2": "Failed permanently" };
const OUTCOMES = [
  { value: 100, label: "Complete" },
  { value: -1, label: "Fail" },
  { value: -2, label: "Fail permanently" },
  { value: null, label: "As usual" },
];
let userNames = new Map();
let lastSeq = 0;
let explorerKey = "";
let chartUrl = null;

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === "text") node.textContent = v;
    else if (k in node && typeof v !== "string") node[k] = v;
    else node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);
  return node;
}

function say(id, text, isError) {
  const node = $(id);
  node.textContent = text;
  node.classList.toggle("error", Boolean(isError));
}

async function send(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body === undefined ? {} : body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || "HTTP " + response.status);
  return data;
}

async function getJson(path) {
  const response = await fetch(path, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error("GET " + path + ": HTTP " + response.status);
  return response.json();
}

// ---- schemas: input limits come from the OpenAPI document the zod schemas generate ----
function schemaOf(doc, name) {
  return (doc.components && doc.components.schemas && doc.components.schemas[name]) || {};
}
function applyLimits(input, property, scale) {
  if (property === undefined) return;
  if (typeof property.minimum === "number") input.min = String(property.minimum / scale);
  if (typeof property.maximum === "number") input.max = String(property.maximum / scale);
}
async function loadSchemas() {
  try {
    const doc = await getJson("/openapi.json");
    const advance = schemaOf(doc, "AdvanceClockBody").properties || {};
    const settings = schemaOf(doc, "SettingsBody").properties || {};
    applyLimits($("advance-minutes"), advance.ms, 60000);
    applyLimits($("latency"), settings.latencyMs, 1);
    applyLimits($("build-duration"), settings.buildDurationMs, 1);
  } catch (error) {
    say("control-result", "Could not read the API schemas: " + error.message + " (the server still checks every input)", true);
  }
}

// ---- controls ----
async function runControl(label, method, path, body) {
  try {
    const result = await send(method, path, body);
    say("control-result", label + ": done" + (typeof result.completed === "number" ? " (" + result.completed + " builds ended)" : "") + ".");
    await refresh();
  } catch (error) {
    say("control-result", label + " failed: " + error.message, true);
  }
}
function formSubmit(formId, handler) {
  $(formId).addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!form.reportValidity()) return;
    handler(form);
  });
}
function wireControls() {
  $("reset").addEventListener("click", () => runControl("Reset", "POST", "/__mock/reset"));
  $("complete").addEventListener("click", () => runControl("Complete running builds", "POST", "/__mock/builds/complete"));
  formSubmit("advance-form", () => {
    const minutes = Number($("advance-minutes").value);
    runControl("Fast-forward " + minutes + " min", "POST", "/__mock/clock/advance", { ms: Math.round(minutes * 60000) });
  });
  formSubmit("latency-form", () => runControl("Latency", "PUT", "/__mock/settings", { latencyMs: Number($("latency").value) }));
  formSubmit("duration-form", () => runControl("Build duration", "PUT", "/__mock/settings", { buildDurationMs: Number($("build-duration").value) }));
}

// ---- snapshot: status line, users, strategies ----
function statusText(s) {
  if (s.status > 0 && s.status < 100) return "Building " + s.status + "%";
  return STATUS_TEXT[String(s.status)] || String(s.status);
}
function syncRows(tbody, items, key, create, update) {
  const existing = new Map(Array.from(tbody.rows, (row) => [row.dataset.key, row]));
  let previous = null;
  for (const item of items) {
    let row = existing.get(key(item));
    if (row === undefined) {
      row = create(item);
      row.dataset.key = key(item);
    }
    existing.delete(key(item));
    update(row, item);
    const expected = previous === null ? tbody.firstElementChild : previous.nextElementSibling;
    if (row !== expected) tbody.insertBefore(row, expected);
    previous = row;
  }
  for (const row of existing.values()) row.remove();
}
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
function renderUsers(users) {
  userNames = new Map(users.map((u) => [u.id, u.name]));
  syncRows($("users"), users, (u) => u.id,
    () => el("tr", {}, el("th", { scope: "row" }), el("td", {}, el("code")), el("td"), el("td", {}, el("code"))),
    (row, u) => {
      setText(row.cells[0], u.name);
      setText(row.cells[1].firstChild, u.apiKey);
      setText(row.cells[2], u.active ? "Active" : "Inactive (401)");
      setText(row.cells[3].firstChild, u.id);
    });
}
function renderStrategies(strategies) {
  const visible = strategies.filter((s) => !s.archived || $("show-archived").checked);
  syncRows($("strategies"), visible, (s) => s.id,
    (s) => {
      const group = el("div", { role: "group", class: "outcomes" });
      for (const outcome of OUTCOMES) {
        const button = el("button", { type: "button", text: outcome.label });
        button.dataset.outcome = String(outcome.value);
        button.addEventListener("click", () => runControl("Next build of " + s.name + ": " + outcome.label, "PUT", "/__mock/strategies/" + encodeURIComponent(s.id) + "/next-build", { outcome: outcome.value }));
        group.append(button);
      }
      const progress = el("progress", { max: 100, value: 0 });
      return el("tr", {}, el("th", { scope: "row" }), el("td"), el("td", {}, el("span", { class: "status-text" }), progress), el("td", {}, group));
    },
    (row, s) => {
      setText(row.cells[0], s.name + (s.archived ? " (archived)" : ""));
      setText(row.cells[1], userNames.get(s.userId) || s.userId);
      const text = statusText(s);
      setText(row.cells[2].firstChild, text);
      row.dataset.status = String(s.status);
      const progress = row.cells[2].lastChild;
      progress.value = s.status >= 0 ? s.status : 0;
      progress.setAttribute("aria-label", "Build status of " + s.name + ": " + text);
      const group = row.cells[3].firstChild;
      group.setAttribute("aria-label", "Next build of " + s.name);
      for (const button of group.children) button.setAttribute("aria-pressed", String(button.dataset.outcome === String(s.nextOutcome)));
    });
}
let settingsShown = false;
function renderStatus(status) {
  if (!settingsShown) {
    // The forms start from the server's settings (once, so typing is never overwritten).
    $("latency").value = String(status.latencyMs);
    $("build-duration").value = String(status.buildDurationMs);
    settingsShown = true;
  }
  const minutes = Math.round(status.clockOffsetMs / 60000);
  setText($("clock"), "Mock time " + status.now.replace("T", " ").slice(0, 19) + " UTC" + (minutes !== 0 ? " (fast-forwarded " + minutes + " min)" : "") +
    " · latency " + status.latencyMs + " ms · builds take " + status.buildDurationMs + " ms · " + status.runningBuilds + " running");
}

// ---- explorer ----
function renderExplorerChoices(snapshot) {
  const strategies = snapshot.strategies.filter((s) => s.status === 100 && !s.archived);
  const key = JSON.stringify([snapshot.portfolios.map((p) => p.id + p.name), strategies.map((s) => s.id + s.name), snapshot.benchmarks]);
  if (key === explorerKey) return;
  explorerKey = key;
  const select = $("explorer-source");
  const chosen = select.value;
  select.replaceChildren(
    el("optgroup", { label: "Saved portfolios" }, ...snapshot.portfolios.map((p) => el("option", { value: "portfolio:" + p.id, text: p.name + " · " + (userNames.get(p.userId) || p.userId) + " · " + p.holdings + " holdings" }))),
    el("optgroup", { label: "Premade strategies (equal weights)" }, ...snapshot.premade.map((p) => el("option", { value: "premade:" + p.id, text: p.name }))),
    el("optgroup", { label: "Completed strategies (equal weights)" }, ...strategies.map((s) => el("option", { value: "strategy:" + s.id, text: s.name + " · " + (userNames.get(s.userId) || s.userId) }))),
  );
  if (chosen !== "" && Array.from(select.options).some((o) => o.value === chosen)) select.value = chosen;
  const benchmark = $("explorer-benchmark");
  const chosenBenchmark = benchmark.value || "SPY";
  benchmark.replaceChildren(...snapshot.benchmarks.map((b) => el("option", { value: b, text: b })));
  benchmark.value = snapshot.benchmarks.includes(chosenBenchmark) ? chosenBenchmark : snapshot.benchmarks[0];
}
function wireExplorer() {
  formSubmit("explorer-form", async () => {
    const [kind, id] = $("explorer-source").value.split(":");
    const body = { source: { kind, id }, benchmark: $("explorer-benchmark").value, years: Number($("explorer-years").value), chart: $("explorer-chart").value };
    const button = $("explorer-submit");
    button.disabled = true;
    say("explorer-status", "Backtesting and drawing…");
    try {
      const image = $("explorer-image");
      const report = $("explorer-report");
      const what = $("explorer-chart").selectedOptions[0].textContent + " of " + $("explorer-source").selectedOptions[0].textContent + " against " + body.benchmark + ", " + body.years + " years";
      if (body.chart === "full-report") {
        // The report is its own page (inline styles under its own policy), framed without scripts or same-origin rights.
        const url = "/__mock/studio/report?" + new URLSearchParams({ kind, id, benchmark: body.benchmark, years: String(body.years) });
        const checked = await fetch(url);
        if (!checked.ok) {
          const data = await checked.json().catch(() => ({}));
          throw new Error(data.error || "HTTP " + checked.status);
        }
        image.hidden = true;
        report.title = what;
        report.src = url;
        report.hidden = false;
        setText($("explorer-caption"), what);
        say("explorer-status", "Drawn: " + what + ".");
        return;
      }
      const response = await fetch("/__mock/studio/backtest-chart", { method: "POST", headers: { "Content-Type": "application/json", Accept: "image/svg+xml" }, body: JSON.stringify(body) });
      if (!response.ok) {
        const data = await response.json().catch(() => ({}));
        throw new Error(data.error || "HTTP " + response.status);
      }
      const blob = await response.blob();
      if (chartUrl !== null) URL.revokeObjectURL(chartUrl);
      chartUrl = URL.createObjectURL(blob);
      report.hidden = true;
      image.alt = what;
      image.src = chartUrl;
      image.hidden = false;
      setText($("explorer-caption"), what);
      say("explorer-status", "Drawn: " + what + ".");
    } catch (error) {
      say("explorer-status", "Could not draw the chart: " + error.message, true);
    } finally {
      button.disabled = false;
    }
  });
}

// ---- request log ----
function renderRequests(requests) {
  const tbody = $("log");
  for (const r of requests) {
    // Two refreshes can overlap (a button's and the poll's): each request is shown once.
    if (r.seq <= lastSeq) continue;
    lastSeq = r.seq;
    const row = el("tr", { class: r.status >= 400 ? "failed" : "" },
      el("td", { text: String(r.seq) }), el("td", { text: r.at.slice(11, 19) }), el("td", { text: r.method }),
      el("td", {}, el("code", { text: r.path })), el("td", { text: String(r.status) + (r.replayed ? " replayed" : "") }), el("td", { text: r.durationMs + " ms" }),
      el("td", { text: r.userId === null ? "–" : userNames.get(r.userId) || r.userId }));
    row.dataset.seq = String(r.seq);
    tbody.insertBefore(row, tbody.firstChild);
  }
  while (tbody.rows.length > 200) tbody.deleteRow(tbody.rows.length - 1);
}

// ---- upstream drift (--proxy) ----
function renderDrift(report) {
  $("drift-section").hidden = report.mode !== "proxy";
  if (report.mode !== "proxy") return;
  $("drift-summary").textContent = report.drifted + " of " + report.requests + " answers from " + report.upstream + " differ from the mock's schemas (also at GET /__mock/drift).";
  const rows = [];
  for (const endpoint of report.endpoints) {
    for (const f of endpoint.fields) {
      rows.push(el("tr", { class: "failed" },
        el("td", {}, el("code", { text: endpoint.operation })), el("td", {}, el("code", { text: f.path })), el("td", { text: f.kind }),
        el("td", { text: f.expected }), el("td", { text: f.got }), el("td", { text: f.count + " of " + endpoint.requests })));
    }
  }
  $("drift").replaceChildren(...rows);
}

// ---- polling ----
let polling = null;
async function refresh() {
  try {
    const [snapshot, log, drift] = await Promise.all([getJson("/__mock/studio/snapshot"), getJson("/__mock/requests?after=" + lastSeq + "&limit=200"), getJson("/__mock/drift")]);
    renderStatus(snapshot.status);
    renderUsers(snapshot.users);
    renderStrategies(snapshot.strategies);
    renderExplorerChoices(snapshot);
    renderRequests(log.requests);
    renderDrift(drift);
    lastSeq = Math.max(lastSeq, log.latestSeq);
    document.body.dataset.ready = "true";
    say("connection", "");
  } catch (error) {
    say("connection", "Lost contact with the mock: " + error.message + " (retrying)", true);
  }
}
function schedule() {
  polling = setTimeout(async () => {
    await refresh();
    schedule();
  }, POLL_MS);
}

wireControls();
wireExplorer();
$("show-archived").addEventListener("change", () => refresh());
$("clear-log").addEventListener("click", () => $("log").replaceChildren());
loadSchemas().then(refresh).then(schedule);
`;
