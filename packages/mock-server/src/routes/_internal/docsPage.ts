/**
 * The API reference page served at `/docs`: one self-contained HTML document (styles and script
 * inline, nothing fetched but the mock's own `openapi.json`, no dependency, no telemetry) that
 * renders the OpenAPI 3.1 document: every operation grouped by tag, with its method, path,
 * summary, description, security, parameters, request body and responses, and every named
 * schema with its properties; a filter box narrows the list. About 10 kB instead of Swagger UI's
 * 12 MB package (docs/decisions.md "Light and quick where users run it").
 *
 * The document is fetched relative to the page (`openapi.json` next to `docs`), so a mock served
 * below a path prefix (msw with `baseUrl: "https://host/api"`) finds its own.
 */
export function docsPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Thematic mock API reference</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1d2330;background:#fafbfc}
header{padding:16px 24px;background:#1d2330;color:#fff}header h1{margin:0;font-size:20px}header p{margin:4px 0 0;color:#c9d1de}
header a{color:#9cc4ff}main{padding:8px 24px 40px;max-width:1100px}
#filter{width:100%;max-width:420px;padding:6px 10px;margin:12px 0;font:inherit;border:1px solid #b8c0cc;border-radius:4px}
h2{margin:28px 0 8px;font-size:18px;border-bottom:1px solid #d8dde5;padding-bottom:4px}
details.op{background:#fff;border:1px solid #d8dde5;border-radius:4px;margin:6px 0}details.op>summary{cursor:pointer;padding:6px 10px;list-style:none;display:flex;gap:10px;align-items:baseline}
.m{display:inline-block;min-width:58px;text-align:center;font:600 12px/1.8 ui-monospace,monospace;border-radius:3px;color:#fff;text-transform:uppercase}
.get{background:#2f7d32}.post{background:#1f5fae}.put{background:#8a5a00}.patch{background:#6b4aa3}.delete{background:#b3261e}
.p{font-family:ui-monospace,monospace}.s{color:#4a5466}.body{padding:4px 14px 12px;border-top:1px solid #eef0f3}
table{border-collapse:collapse;margin:4px 0 8px}td,th{border:1px solid #e2e6ec;padding:3px 8px;text-align:left;vertical-align:top;font-size:14px}
code,.t{font-family:ui-monospace,monospace;font-size:13px}.req{color:#b3261e}.lock{color:#8a5a00}
</style></head>
<body><header><h1>Thematic mock API reference</h1><p>From the mock's <a href="openapi.json">OpenAPI 3.1 document</a>. Authenticate with <code>Authorization: Bearer &lt;API key&gt;</code> (the keys are printed at start).</p></header>
<main><input id="filter" type="search" placeholder="Filter by path, tag or summary" aria-label="Filter operations"><div id="out">Loading openapi.json…</div></main>
<script>
(async () => {
  const out = document.getElementById("out");
  const esc = (s) => String(s ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  let doc;
  try {
    const r = await fetch("openapi.json");
    doc = await r.json();
  } catch (e) {
    out.textContent = "Could not load openapi.json: " + e;
    return;
  }
  const schemas = (doc.components && doc.components.schemas) || {};
  const refName = (ref) => ref.split("/").pop();
  // A compact type text for a schema: named schemas link to their section.
  const type = (s, depth = 0) => {
    if (!s) return "any";
    if (s.$ref) { const n = refName(s.$ref); return '<a href="#schema-' + esc(n) + '">' + esc(n) + "</a>"; }
    if (s.enum) return s.enum.map((v) => esc(JSON.stringify(v))).join(" | ");
    if (s.const !== undefined) return esc(JSON.stringify(s.const));
    for (const k of ["anyOf", "oneOf", "allOf"]) if (s[k]) return s[k].map((x) => type(x, depth)).join(k === "allOf" ? " & " : " | ");
    const t = Array.isArray(s.type) ? s.type.join(" | ") : s.type;
    if (t === "array") return type(s.items, depth) + "[]";
    if (t === "object" || s.properties) {
      if (!s.properties) return "object";
      if (depth > 1) return "{…}";
      const req = new Set(s.required || []);
      return "{ " + Object.entries(s.properties).map(([k, v]) => esc(k) + (req.has(k) ? "" : "?") + ": " + type(v, depth + 1)).join("; ") + " }";
    }
    const bounds = [s.minimum !== undefined ? "≥ " + s.minimum : "", s.maximum !== undefined ? "≤ " + s.maximum : "", s.maxLength !== undefined ? "≤ " + s.maxLength + " chars" : ""].filter(Boolean).join(", ");
    return esc(t || "any") + (s.format ? " (" + esc(s.format) + ")" : "") + (bounds ? " [" + esc(bounds) + "]" : "");
  };
  const content = (c) => c ? Object.entries(c).map(([mt, v]) => "<div><code>" + esc(mt) + "</code> <span class=t>" + type(v.schema) + "</span></div>").join("") : "";
  const byTag = new Map();
  for (const [path, item] of Object.entries(doc.paths || {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const tag = (op.tags && op.tags[0]) || (path.split("/")[1] || "other");
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push({ path, method, op });
    }
  }
  let html = "";
  for (const [tag, ops] of byTag) {
    html += '<section class="tag"><h2>' + esc(tag) + "</h2>";
    for (const { path, method, op } of ops) {
      const params = (op.parameters || []).map((p) => "<tr><td><code>" + esc(p.name) + "</code>" + (p.required ? ' <span class=req>*</span>' : "") + "</td><td>" + esc(p.in) + "</td><td class=t>" + type(p.schema) + "</td><td>" + esc(p.description || (p.schema && p.schema.description)) + "</td></tr>").join("");
      const responses = Object.entries(op.responses || {}).map(([code, r]) => "<tr><td><code>" + esc(code) + "</code></td><td>" + esc(r.description) + content(r.content) + "</td></tr>").join("");
      const secured = op.security && op.security.length > 0;
      html += '<details class="op" data-text="' + esc((tag + " " + method + " " + path + " " + (op.summary || "")).toLowerCase()) + '"><summary><span class="m ' + method + '">' + method + '</span><span class="p">' + esc(path) + '</span><span class="s">' + esc(op.summary) + (secured ? ' <span class=lock title="needs an API key">· API key</span>' : "") + "</span></summary><div class=body>" +
        (op.description ? "<p>" + esc(op.description) + "</p>" : "") +
        (params ? "<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>type</th><th>description</th></tr>" + params + "</table>" : "") +
        (op.requestBody ? "<h4>Request body" + (op.requestBody.required ? ' <span class=req>*</span>' : "") + "</h4>" + content(op.requestBody.content) : "") +
        (responses ? "<h4>Responses</h4><table>" + responses + "</table>" : "") + "</div></details>";
    }
    html += "</section>";
  }
  html += '<section class="tag"><h2>Schemas</h2>' + Object.entries(schemas).map(([name, s]) => '<details class="op" id="schema-' + esc(name) + '" data-text="' + esc(name.toLowerCase()) + '"><summary><span class="p">' + esc(name) + '</span><span class="s">' + esc(s.description) + "</span></summary><div class=body>" +
    (s.properties ? "<table>" + Object.entries(s.properties).map(([k, v]) => "<tr><td><code>" + esc(k) + "</code>" + ((s.required || []).includes(k) ? ' <span class=req>*</span>' : "") + "</td><td class=t>" + type(v, 1) + "</td><td>" + esc(v.description) + "</td></tr>").join("") + "</table>" : '<p class=t>' + type(s) + "</p>") + "</div></details>").join("") + "</section>";
  out.innerHTML = html;
  const open = () => { const el = location.hash && document.getElementById(location.hash.slice(1)); if (el && el.tagName === "DETAILS") el.open = true; };
  window.addEventListener("hashchange", open);
  open();
  document.getElementById("filter").addEventListener("input", (e) => {
    const q = e.target.value.trim().toLowerCase();
    for (const d of out.querySelectorAll("details.op")) d.hidden = q !== "" && !d.dataset.text.includes(q);
    for (const s of out.querySelectorAll("section.tag")) s.hidden = [...s.querySelectorAll("details.op")].every((d) => d.hidden);
  });
})();
</script></body></html>`;
}
