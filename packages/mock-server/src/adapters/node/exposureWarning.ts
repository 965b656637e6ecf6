/**
 * The warning the CLI prints (stderr) when it binds a non-loopback interface: what anyone on the
 * network can now do, and how to narrow it.
 *
 * @example
 * exposureWarning("http://0.0.0.0:4010", "0.0.0.0", true).startsWith("\nWARNING") // => true
 */
export function exposureWarning(url: string, hostname: string, controlEnabled: boolean): string {
  const lines = [
    "",
    `WARNING: --host ${hostname} listens on a network interface, not only on this machine (${url}).`,
    "  Anyone who can reach this port can:",
    "  - read and change every fixture user's strategies and portfolios: the API keys printed below are public test keys;",
    controlEnabled
      ? "  - reset or overwrite the whole state and set a 60 s delay on every request: the /__mock control surface has no key (add --no-control to remove it);"
      : "  (the /__mock control surface is off: --no-control);",
    "  - keep the optimizer busy (requests beyond the queue get 429).",
    "  Web pages on other sites are still refused (CORS allow-list, Origin and Host checks); other machines are not.",
    "  Bind 127.0.0.1 (the default) unless another machine must reach the mock.",
    "",
  ];
  return `${lines.join("\n")}\n`;
}
