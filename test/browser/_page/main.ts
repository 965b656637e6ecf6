// The page of the browser test: the mock served by msw's service worker, as a frontend app would
// use it (`setupMockWorker` from @thematic/mock-server/msw/browser), on the embedded fixtures.
import { setupMockWorker } from "../../../packages/mock-server/src/adapters/msw/browser.ts";

declare global {
  interface Window {
    mockReady: Promise<void>;
  }
}

window.mockReady = setupMockWorker({ baseUrl: "https://api.thematic.test" })
  .start({ serviceWorker: { url: "/mockServiceWorker.js" }, quiet: true, onUnhandledRequest: "bypass" })
  .then(() => undefined);
