import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chartPictures, PICTURES_DIR } from "../../scripts/render-charts.ts";

/**
 * The pictures the READMEs show are what the code draws today: each committed SVG in docs/images
 * equals the one `npm run charts:pictures` renders now from the fixtures (byte for byte: the
 * charts are deterministic). When a chart or the data changes on purpose, rerun the script
 * (it redraws the PNGs too) and commit docs/images.
 */
describe("docs/images", () => {
  it("holds the current SVG of every chart (else run npm run charts:pictures)", async () => {
    const pictures = await chartPictures();
    expect(pictures.map(([name]) => name)).toEqual([
      "nav",
      "drawdown",
      "weights",
      "rolling-volatility",
      "rolling-sharpe",
      "conviction",
      "tear-sheet",
    ]);
    for (const [name, svg] of pictures) {
      const committed = readFileSync(join(PICTURES_DIR, `${name}.svg`), "utf8");
      expect(
        committed === svg,
        `docs/images/${name}.svg is stale: run npm run charts:pictures and commit docs/images`,
      ).toBe(true);
    }
  });
});
