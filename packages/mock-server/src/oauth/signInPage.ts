import type { UserRecord } from "../store/StoreState.ts";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The authorization request's parameters carried through the sign-in form. */
const CARRIED = [
  "response_type",
  "client_id",
  "redirect_uri",
  "state",
  "scope",
  "code_challenge",
  "code_challenge_method",
  "resource",
] as const;

/**
 * The OAuth sign-in page of the mock: which client asks, where it will send you back, and one
 * button per active fixture user (no password: it is a mock), plus "Deny". Every value is escaped;
 * the form posts back to `/oauth/authorize` with the authorization request's parameters.
 *
 * @example
 * signInPage({ clientName: "Claude", redirectUri: "http://localhost/cb", params, users }).startsWith("<!doctype html>") // => true
 */
export function signInPage(input: {
  clientName: string;
  redirectUri: string;
  params: URLSearchParams;
  users: readonly UserRecord[];
}): string {
  const hidden = CARRIED.flatMap((name) => {
    const value = name === "redirect_uri" ? input.redirectUri : input.params.get(name);
    return value === null ? [] : [`<input type="hidden" name="${name}" value="${escapeHtml(value)}">`];
  }).join("\n    ");
  const buttons = input.users
    .map(
      (u) =>
        `<li><button type="submit" name="user_id" value="${escapeHtml(u.id)}">Sign in as ${escapeHtml(u.name)}</button></li>`,
    )
    .join("\n      ");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in · thematic mock</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}ul{list-style:none;padding:0}li{margin:.5rem 0}button{font:inherit;padding:.5rem 1rem;cursor:pointer}.deny{background:none;border:1px solid #999}code{word-break:break-all}</style>
</head><body>
<h1>Sign in to the thematic mock</h1>
<p><strong>${escapeHtml(input.clientName)}</strong> asks to use the MCP server as you. You will be sent back to <code>${escapeHtml(input.redirectUri)}</code>.</p>
<p>This is the local mock: choose a fixture user (no password). Its strategies and portfolios are what the client will see.</p>
<form method="post" action="authorize">
    ${hidden}
    <ul>
      ${buttons}
    </ul>
    <button class="deny" type="submit" name="decision" value="deny">Deny</button>
</form>
</body></html>
`;
}
