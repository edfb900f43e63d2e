/**
 * Headless Chromium for the site's browser test and benchmark: Debian's
 * `chromium` driven by puppeteer-core (no browser download: the executable is
 * the system's), with a fresh profile folder, no background networking, and
 * the pipe transport (no debugging port).
 *
 * @module
 */

import puppeteer, { type Browser } from "puppeteer-core";

/** Where Debian's `chromium` package puts the browser. */
export const CHROMIUM = "/usr/bin/chromium";

/** The install line printed when Chromium is missing. */
export const CHROMIUM_INSTALL = "apt-get install -y --no-install-recommends chromium";

/** True when the Chromium executable is there. */
export function chromiumAvailable(path = CHROMIUM): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** A running headless Chromium and its temporary profile folder; `close()` ends both. */
export interface Chromium {
  /** The browser. */
  browser: Browser;
  /** Ends the browser and removes its profile folder. */
  close(): Promise<void>;
}

/** Launches headless Chromium with a fresh user-data folder (removed on close). */
export async function launchChromium(path = CHROMIUM): Promise<Chromium> {
  const profile = await Deno.makeTempDir({ prefix: "mbi-chromium-" });
  const browser = await puppeteer.launch({
    executablePath: path,
    headless: true,
    pipe: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      `--user-data-dir=${profile}`,
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      await Deno.remove(profile, { recursive: true }).catch(() => {});
    },
  };
}
