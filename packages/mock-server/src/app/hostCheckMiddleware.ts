import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors/ApiError.ts";
import type { AppEnv } from "../context/ServiceContext.ts";

/**
 * Refuses a request whose `Host` header names a host this server does not answer for (403
 * `{error}`), the defence against DNS rebinding: a page on `evil.example` whose DNS record is
 * switched to 127.0.0.1 reaches the server with `Host: evil.example`. Accepted, as Vite's
 * `server.allowedHosts` does: `localhost` and `*.localhost`, every IP literal (a rebinding attack
 * needs a name), the names in `allowedHosts` (an entry `.example.com` accepts `example.com` and
 * its subdomains); `true` accepts any host. A request without `Host` (HTTP/1.0) is accepted.
 *
 * Cost: O(entries) per request.
 * @throws ApiError 403 naming the host and the `--allowed-hosts` option
 * @example
 * hostAllowed("evil.example:4010", []) // => false
 * hostAllowed("127.0.0.1:4010", []) // => true
 */
export function hostCheckMiddleware(allowedHosts: readonly string[] | true): MiddlewareHandler<AppEnv> {
  if (allowedHosts === true) return (_c, next) => next();
  return async (c, next) => {
    const host = c.req.header("host");
    if (host !== undefined && !hostAllowed(host, allowedHosts)) {
      const name = hostName(host);
      throw new ApiError(
        403,
        `Host ${JSON.stringify(host.slice(0, 200))} is not allowed (DNS-rebinding guard): this mock answers loopback names, IP addresses and --allowed-hosts; start it with --allowed-hosts ${name.slice(0, 200)} to allow it`,
      );
    }
    return next();
  };
}

/** Whether a `Host` header value is accepted by {@link hostCheckMiddleware} with this list. */
export function hostAllowed(host: string, allowedHosts: readonly string[]): boolean {
  const name = hostName(host);
  if (name === "") return false;
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (isIpLiteral(name)) return true;
  for (const entry of allowedHosts) {
    const e = entry.toLowerCase();
    if (e.startsWith(".") ? name === e.slice(1) || name.endsWith(e) : name === e) return true;
  }
  return false;
}

/** The host name of a `Host` value, lower case, without port; an IPv6 literal keeps its brackets. */
function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith("[")) {
    const end = h.indexOf("]");
    return end < 0 ? "" : h.slice(0, end + 1);
  }
  const colon = h.lastIndexOf(":");
  return (colon < 0 ? h : h.slice(0, colon)).replace(/\.$/, "");
}

function isIpLiteral(name: string): boolean {
  if (name.startsWith("[")) return /^\[[0-9a-f:.]+\]$/.test(name);
  const parts = name.split(".");
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}
