// Child process of the load benchmarks: the mock, standalone, on an ephemeral loopback port.
// Prints one JSON line {url, apiKey} on stdout when listening; exits on SIGTERM.
// MOCK_SOLVER=inline solves on the event loop (the server before issue 11); otherwise the worker
// pool. MOCK_OPTIMIZER_SECONDS sets --optimizer-seconds (default 5).
import { startServer } from "../../../packages/mock-server/src/adapters/node/startServer.ts";
import { inlineSolverRunner } from "../../../packages/mock-server/src/services/optimize/inlineSolverRunner.ts";

const seconds = process.env.MOCK_OPTIMIZER_SECONDS;
const server = await startServer({
  port: 0,
  hostname: "127.0.0.1",
  quiet: true,
  warmOptimizer: true,
  ...(process.env.MOCK_SOLVER === "inline" ? { solver: inlineSolverRunner } : {}),
  ...(seconds === undefined ? {} : { optimizerTimeLimitMs: Math.round(Number(seconds) * 1000) }),
});
const user = server.ctx.universe.users.find((u) => u.active);
process.stdout.write(`${JSON.stringify({ url: server.url, apiKey: user?.apiKey ?? "" })}\n`);
const stop = () => void server.close().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
