import { z } from "@hono/zod-openapi";
import { StudioChartBody, STUDIO_CHARTS } from "../schemas/studio.ts";

const CHART_NAMES: Record<(typeof STUDIO_CHARTS)[number], string> = {
  nav: "NAV against the benchmark",
  drawdown: "Drawdown (underwater)",
  "rolling-volatility": "Rolling volatility",
  "rolling-sharpe": "Rolling Sharpe ratio",
  "tear-sheet": "Tear sheet (all of them)",
  "full-report": "Full report (47 metrics, 11 panels)",
};

/**
 * The studio page (GET /__mock/studio): static markup whose form limits come from the zod schema
 * of the explorer's request (years, charts); the script fills the tables and wires the buttons.
 * Accessible: landmarks, a skip link, a label on every control, tables with header cells, status
 * messages in live regions, visible focus; no inline script or style (the route sends a strict CSP).
 */
export function studioPage(): string {
  const schema = z.toJSONSchema(StudioChartBody, { io: "input", unrepresentable: "any" }) as unknown as {
    properties: { years: { minimum: number; maximum: number; default: number } };
  };
  const years = schema.properties.years;
  const charts = STUDIO_CHARTS.map((c) => `<option value="${c}">${CHART_NAMES[c]}</option>`).join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Thematic mock studio</title>
<link rel="icon" href="/__mock/studio/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/__mock/studio/studio.css">
<script type="module" src="/__mock/studio/studio.js"></script>
</head>
<body>
<a class="skip" href="#main">Skip to the controls</a>
<header>
  <h1>Thematic mock studio</h1>
  <p id="clock">Connecting to the mock…</p>
  <p id="connection" role="status"></p>
</header>
<main id="main">
  <section aria-labelledby="controls-title">
    <h2 id="controls-title">Controls</h2>
    <p class="hint">Every button calls the control surface under <code>/__mock</code>; the API answers the same way to your app.</p>
    <div class="row">
      <button type="button" id="reset">Reset to the fixtures</button>
      <button type="button" id="complete">Complete running builds</button>
    </div>
    <div class="row">
      <form id="advance-form" aria-label="Fast-forward the clock">
        <label>Fast-forward the clock (minutes)<input id="advance-minutes" name="minutes" type="number" inputmode="decimal" min="0" step="any" value="1" required></label>
        <button type="submit">Fast-forward</button>
      </form>
      <form id="latency-form" aria-label="Latency">
        <label>Latency of every request (ms)<input id="latency" name="latencyMs" type="number" min="0" step="1" value="0" required></label>
        <button type="submit">Set latency</button>
      </form>
      <form id="duration-form" aria-label="Build duration">
        <label>Duration of later builds (ms)<input id="build-duration" name="buildDurationMs" type="number" min="0" step="1" value="4000" required></label>
        <button type="submit">Set build duration</button>
      </form>
    </div>
    <p id="control-result" role="status"></p>
  </section>

  <section aria-labelledby="strategies-title">
    <h2 id="strategies-title">Strategies</h2>
    <p class="hint">Build status at the mock's clock, refreshed every second. The buttons force the outcome of each strategy's next build.</p>
    <label class="inline"><input type="checkbox" id="show-archived"> Show archived strategies</label>
    <table>
      <caption class="sr-only">Every user's strategies with their build status</caption>
      <thead><tr><th scope="col">Strategy</th><th scope="col">Owner</th><th scope="col">Build status</th><th scope="col">Next build</th></tr></thead>
      <tbody id="strategies"></tbody>
    </table>
  </section>

  <section aria-labelledby="log-title">
    <h2 id="log-title">Request log</h2>
    <p class="hint">Requests to the mock from anywhere (your app, curl, tests), newest first. The studio's own polling is not shown.</p>
    <button type="button" id="clear-log">Clear the view</button>
    <div class="log-box" role="log" aria-live="off" aria-labelledby="log-title" tabindex="0">
      <table>
        <caption class="sr-only">Recent requests</caption>
        <thead><tr><th scope="col">#</th><th scope="col">Time (UTC)</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Status</th><th scope="col">Duration</th><th scope="col">User</th></tr></thead>
        <tbody id="log"></tbody>
      </table>
    </div>
  </section>

  <section aria-labelledby="drift-title" id="drift-section" hidden>
    <h2 id="drift-title">Upstream drift</h2>
    <p class="hint" id="drift-summary">Answers of the real deployment (--proxy) that differ from the mock's schemas, per endpoint and field (also at <code>GET /__mock/drift</code>).</p>
    <div class="log-box" tabindex="0">
      <table>
        <caption class="sr-only">Fields of the upstream's answers that differ from the mock's schemas</caption>
        <thead><tr><th scope="col">Endpoint</th><th scope="col">Field</th><th scope="col">Drift</th><th scope="col">Expected</th><th scope="col">Got</th><th scope="col">Answers</th></tr></thead>
        <tbody id="drift"></tbody>
      </table>
    </div>
  </section>

  <section aria-labelledby="explorer-title">
    <h2 id="explorer-title">Backtest explorer</h2>
    <p class="hint">A buy-and-hold backtest (as <code>POST /v1/backtest</code>) drawn by <code>@thematic/charts</code> on the server.</p>
    <form id="explorer-form" aria-label="Backtest explorer">
      <label>Portfolio<select id="explorer-source" name="source" required></select></label>
      <label>Benchmark<select id="explorer-benchmark" name="benchmark" required></select></label>
      <label>Years<input id="explorer-years" name="years" type="number" min="${years.minimum}" max="${years.maximum}" step="1" value="${years.default}" required></label>
      <label>Chart<select id="explorer-chart" name="chart">${charts}</select></label>
      <button type="submit" id="explorer-submit">Draw the chart</button>
    </form>
    <p id="explorer-status" role="status"></p>
    <figure>
      <img id="explorer-image" alt="" hidden>
      <iframe id="explorer-report" title="Full report" sandbox hidden></iframe>
      <figcaption id="explorer-caption"></figcaption>
    </figure>
  </section>

  <section aria-labelledby="users-title">
    <h2 id="users-title">Users and API keys</h2>
    <p class="hint">Send <code>Authorization: Bearer &lt;key&gt;</code>. An inactive user's key gets 401.</p>
    <table>
      <caption class="sr-only">Users of the mock and their API keys</caption>
      <thead><tr><th scope="col">User</th><th scope="col">API key</th><th scope="col">State</th><th scope="col">User id</th></tr></thead>
      <tbody id="users"></tbody>
    </table>
  </section>
</main>
</body>
</html>`;
}
