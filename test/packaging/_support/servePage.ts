import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../_support/launchChromium.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".wasm": "application/wasm",
  ".css": "text/css",
  ".json": "application/json",
};

/** A static site in headless Chromium (Debian's, or CHROMIUM_PATH). */
export interface ServedPage {
  page: Page;
  url: string;
  /** Paths the page requested, in order. */
  requested: string[];
  close(): Promise<void>;
}

/**
 * Serves the folder `root` on an ephemeral port of 127.0.0.1 (index.html at `/`) and opens it in
 * Chromium. Console errors of the page are collected into `errors`.
 */
export async function servePage(root: string, errors: string[] = []): Promise<ServedPage> {
  const requested: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    requested.push(path);
    if (path === "/favicon.ico") {
      res.writeHead(204).end();
      return;
    }
    const file = normalize(join(root, path === "/" ? "index.html" : path));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const page = await browser.newPage();
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url);
    const opened = browser;
    return {
      page,
      url,
      requested,
      close: async () => {
        await opened.close();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  } catch (error) {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
    throw error;
  }
}
