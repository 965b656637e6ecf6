// Node adapter: `@thematic/mock-server/node`.
export { startServer, type RunningServer, type StartServerOptions } from "./startServer.ts";
export { filePersistence, type FilePersistenceOptions } from "./filePersistence.ts";
export { parseCliArgs, USAGE, type CliCommand } from "./parseCliArgs.ts";
