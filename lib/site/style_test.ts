import { ok } from "node:assert/strict";
import type { Page } from "puppeteer-core";
import { chromiumAvailable, launchChromium } from "./layout.ts";
import { PAGE_STYLE } from "./style.ts";

/** A page with the pages' styles and one table of `columns` columns in a `.scroll` box 300 px wide. */
const tablePage = (columns: number) =>
  `<!doctype html><meta charset="utf-8"><style>${PAGE_STYLE}</style><main><div class="scroll" style="width:300px">` +
  `<table><tbody>${
    Array.from({ length: 8 }, (_, r) => `<tr>${Array.from({ length: columns }, () => `<td>${r}</td>`).join("")}</tr>`)
      .join("")
  }</tbody></table></div></main>`;

/**
 * The median brightness (0–255) of the pixel columns 2 px inside the box's left and right edges, as drawn: the box
 * is photographed and the photograph read back through a canvas.
 */
async function edgeBrightness(page: Page): Promise<{ left: number; right: number }> {
  const box = (await page.$(".scroll"))!;
  const shot = await box.screenshot({ encoding: "base64" });
  return await page.evaluate(async (png: string) => {
    const img = new Image();
    img.src = `data:image/png;base64,${png}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    [canvas.width, canvas.height] = [img.width, img.height];
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(img, 0, 0);
    const column = (x: number) => {
      const d = ctx.getImageData(x, 0, 1, img.height).data;
      const v: number[] = [];
      for (let i = 0; i < d.length; i += 4) v.push((d[i] + d[i + 1] + d[i + 2]) / 3);
      return v.sort((a, b) => a - b)[v.length >> 1];
    };
    return { left: column(2), right: column(img.width - 3) };
  }, shot as string);
}

Deno.test({
  name: "a wide table shows a shadow at the side where more of it lies, and none once that end is reached",
  ignore: !chromiumAvailable(),
  fn: async () => {
    const chromium = await launchChromium();
    try {
      const page = await chromium.browser.newPage();
      await page.setViewport({ width: 390, height: 600 });
      const shadow = 235, plain = 248; // the page's background is white (255); the stripes are 245

      await page.setContent(tablePage(40));
      const start = await edgeBrightness(page);
      ok(start.right < shadow && start.left > plain, `at the start: ${JSON.stringify(start)}`);
      await page.$eval(".scroll", (b) => b.scrollLeft = b.scrollWidth / 2);
      const middle = await edgeBrightness(page);
      ok(middle.right < shadow && middle.left < shadow, `in the middle: ${JSON.stringify(middle)}`);
      await page.$eval(".scroll", (b) => b.scrollLeft = b.scrollWidth);
      const end = await edgeBrightness(page);
      ok(end.left < shadow && end.right > plain, `at the end: ${JSON.stringify(end)}`);

      await page.setContent(tablePage(3)); // a table that fits: no shadow at either side
      const fits = await edgeBrightness(page);
      ok(fits.left > plain && fits.right > plain, `a table that fits: ${JSON.stringify(fits)}`);
    } finally {
      await chromium.close();
    }
  },
});
