/** The studio page's stylesheet, served as /__mock/studio/studio.css (system fonts, no external files). */
export const STUDIO_STYLES = String.raw`
:root { color-scheme: light; --ink: #1b1b1b; --muted: #555; --line: #d0d0d0; --accent: #0b5cad; --bad: #a4000f; --ok: #146c2e; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: var(--ink); background: #fafafa; }
.skip { position: absolute; left: -9999px; top: 0; background: #fff; padding: 8px; }
.skip:focus { left: 8px; }
header { padding: 16px 24px 8px; background: #fff; border-bottom: 1px solid var(--line); }
h1 { margin: 0 0 4px; font-size: 22px; }
h2 { font-size: 18px; margin: 0 0 8px; }
#clock { margin: 0; color: var(--muted); }
main { display: grid; grid-template-columns: minmax(0, 1fr); gap: 16px; padding: 16px 24px 48px; max-width: 1400px; }
section { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 12px 16px; overflow-x: auto; }
.hint { color: var(--muted); margin: 0 0 8px; }
.row { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: end; margin-bottom: 8px; }
form { display: flex; flex-wrap: wrap; gap: 6px; align-items: end; margin: 0; }
label { display: flex; flex-direction: column; font-size: 13px; color: var(--muted); gap: 2px; }
label.inline { flex-direction: row; align-items: center; gap: 6px; }
input, select, button { font: inherit; color: inherit; }
input, select { padding: 4px 6px; border: 1px solid #888; border-radius: 4px; background: #fff; min-width: 7em; }
input[type="checkbox"] { min-width: 0; width: 1.1em; height: 1.1em; }
button { padding: 5px 12px; border: 1px solid var(--accent); background: var(--accent); color: #fff; border-radius: 4px; cursor: pointer; }
button:hover { filter: brightness(1.1); }
button:disabled { opacity: 0.6; cursor: progress; }
.outcomes button { background: #fff; color: var(--accent); padding: 2px 8px; font-size: 13px; }
.outcomes button[aria-pressed="true"] { background: var(--accent); color: #fff; }
.outcomes { display: flex; gap: 4px; flex-wrap: wrap; }
:focus-visible { outline: 3px solid #f5a700; outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #eee; vertical-align: middle; }
thead th { border-bottom: 2px solid var(--line); font-size: 13px; color: var(--muted); }
tbody th { font-weight: 600; }
progress { width: 8em; margin-left: 8px; vertical-align: middle; }
tr[data-status="100"] .status-text { color: var(--ok); }
tr[data-status="-1"] .status-text, tr[data-status="-2"] .status-text { color: var(--bad); }
.log-box { max-height: 360px; overflow-y: auto; }
#log tr.failed td { color: var(--bad); }
#log code { font-size: 13px; word-break: break-all; }
.error { color: var(--bad); }
[role="status"] { min-height: 1.4em; margin: 6px 0 0; }
figure { margin: 12px 0 0; }
#explorer-image { max-width: 100%; height: auto; border: 1px solid #eee; }
#explorer-report { width: 100%; height: 80vh; border: 1px solid #eee; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;
