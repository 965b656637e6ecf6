/**
 * The client a connection counts against in the connection share (`capConnections`): its remote
 * address, with an IPv4 address reached over IPv6 (`::ffff:127.0.0.2`) written as IPv4, so one
 * machine is one client however the server is bound. An address Node no longer knows (the socket
 * closed at once) is `"unknown"`.
 *
 * @example
 * clientKey("::ffff:127.0.0.2") // => "127.0.0.2"
 * clientKey(undefined) // => "unknown"
 */
export function clientKey(remoteAddress: string | undefined): string {
  if (remoteAddress === undefined || remoteAddress === "") return "unknown";
  const address = remoteAddress.toLowerCase();
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}
