// Child process for the crash test: serves the test universe on a free port with the state file
// given as argv[2], and prints its URL on one line.
import { startServer } from "../adapters/node/startServer.ts";
import { testUniverse } from "./testUniverse.ts";

const server = await startServer({ port: 0, universe: testUniverse, quiet: true, dataFile: process.argv[2] ?? "" });
process.stdout.write(`${server.url}\n`);
