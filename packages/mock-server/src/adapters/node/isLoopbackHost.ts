/**
 * True when binding `hostname` serves only this machine: `localhost`, `*.localhost`, 127.0.0.0/8,
 * `::1`. Anything else (`0.0.0.0`, `::`, a LAN address, a public name) exposes the mock to the
 * network, which the CLI warns about.
 *
 * @example
 * isLoopbackHost("127.0.0.1") // => true
 * isLoopbackHost("0.0.0.0") // => false
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}
