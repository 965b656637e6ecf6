// Child process of the load benchmark: the mock, standalone, on an ephemeral loopback port.
// Prints one JSON line {url, apiKey} on stdout when listening; exits on SIGTERM.
import { startServer } from "../../../packages/mock-server/src/adapters/node/startServer.ts";

const server = await startServer({ port: 0, hostname: "127.0.0.1", quiet: true });
const user = server.ctx.universe.users.find((u) => u.active);
process.stdout.write(`${JSON.stringify({ url: server.url, apiKey: user?.apiKey ?? "" })}\n`);
const stop = () => void server.close().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
