// The page of the browser test: the mock served by msw's service worker, as a frontend app would
// use it (`setupMockWorker` from @thematic/mock-server/msw/browser), on the fixtures. The page is
// bundled by esbuild, which leaves `new URL(…, import.meta.url)` alone, so the data files are
// served by the test at /fixtures/ and the page says so (`dataUrl`), as the README tells esbuild users.
import { setupMockWorker } from "../../../packages/mock-server/src/adapters/msw/browser.ts";

declare global {
  interface Window {
    mockReady: Promise<void>;
  }
}

window.mockReady = setupMockWorker({ baseUrl: "https://api.thematic.test", dataUrl: "/fixtures/" })
  .start({ serviceWorker: { url: "/mockServiceWorker.js" }, quiet: true, onUnhandledRequest: "bypass" })
  .then(() => undefined);
