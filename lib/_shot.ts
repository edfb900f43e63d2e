import { launchChromium } from "./site/browser.ts";
const [url, out, w, y, h] = Deno.args;
const c = await launchChromium();
try {
  const p = await c.browser.newPage();
  await p.setViewport({ width: Number(w), height: 900 });
  await p.goto(url, { waitUntil: "load" });
  await new Promise((r) => setTimeout(r, 500));
  if (y) {
    await p.screenshot({
      path: out,
      clip: { x: 0, y: Number(y), width: Number(w), height: Number(h ?? 900) },
      captureBeyondViewport: true,
    });
  } else await p.screenshot({ path: out });
  console.log(await p.evaluate(() => document.documentElement.scrollHeight));
} finally {
  await c.close();
}
