import { createServer } from "node:net";

/**
 * True when nothing listens on `port` at 127.0.0.1 (a README quick start uses the mock's fixed
 * port 4010, so its test first checks the port is free rather than fail obscurely).
 */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer().once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
