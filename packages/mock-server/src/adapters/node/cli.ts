#!/usr/bin/env -S tsx --conditions=@thematic/source
// thematic-mock: serves the mock on http://127.0.0.1:4010 (see --help).
// Run from the repository: tsx --conditions=@thematic/source packages/mock-server/src/adapters/node/cli.ts
import { exposureWarning } from "./exposureWarning.ts";
import { isLoopbackHost } from "./isLoopbackHost.ts";
import { parseCliArgs, USAGE } from "./parseCliArgs.ts";

async function main(): Promise<void> {
  let command;
  try {
    command = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`thematic-mock: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (command.kind === "help") {
    process.stdout.write(USAGE);
    return;
  }
  const started = performance.now();
  // Load the fixtures and the server modules in parallel (module loading dominates start-up).
  const [{ loadDefaultUniverse }, { startServer }] = await Promise.all([
    import("../../app/loadDefaultUniverse.ts"),
    import("./startServer.ts"),
  ]);
  const server = await startServer({ ...command.options, universe: loadDefaultUniverse() });
  const users = server.ctx.store.state.users.filter((u) => u.active).slice(0, 5);
  if (!isLoopbackHost(command.options.hostname ?? "127.0.0.1"))
    process.stderr.write(
      exposureWarning(server.url, command.options.hostname ?? "", server.ctx.options.controlEnabled),
    );
  process.stdout.write(
    [
      `thematic-mock listening on ${server.url} (ready in ${Math.round(performance.now() - started)} ms)`,
      `  API reference ${server.url}/docs · OpenAPI ${server.url}/openapi.json · health ${server.url}/v1/health`,
      `  state: ${command.options.dataFile === undefined ? "in memory (fresh from fixtures)" : `persisted in ${command.options.dataFile}`}` +
        ` · builds take ${server.ctx.options.buildDurationMs / 1000} s` +
        (server.ctx.options.controlEnabled
          ? ` · control surface ${server.url}/__mock/state · studio ${server.url}/__mock/studio`
          : ""),
      ...(command.options.proxyUrl === undefined
        ? []
        : [
            `  proxy: /v1 and /v2 forwarded to ${command.options.proxyUrl}${command.options.recordDir === undefined ? "" : `, answers saved in ${command.options.recordDir}`} · drift ${server.url}/__mock/drift`,
          ]),
      ...(command.options.replayDir === undefined
        ? []
        : [`  replay: requests recorded in ${command.options.replayDir} are answered from there`]),
      "  API keys (Authorization: Bearer <key>):",
      ...users.map((u) => `    ${u.apiKey}  ${u.name}`),
      "",
    ].join("\n"),
  );
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  // A refused state file, a full disk at the first save…: one line, status 1, nothing started.
  const message = error instanceof Error ? error.message.replace(/^\[thematic-mock\] /, "") : String(error);
  process.stderr.write(`thematic-mock: ${message}\n`);
  process.exit(1);
});
