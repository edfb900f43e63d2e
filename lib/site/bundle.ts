/**
 * The site's browser code, bundled by `deno bundle` in one run: the page's script, the landing page's draw (both
 * inlined) and the board code (`board.js`). Minified IIFEs: classic scripts, because Chromium refuses ES module imports
 * from disk on file://. The output depends only on the code and the locked packages: a rerun writes the same bytes.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { MbiError, onShutdown, pidRunning } from "../core/mod.ts";
import { BOARD_CREDITS } from "./board_config.ts";

/** The entries, relative to this folder, by name. */
const ENTRIES = { page: "page_script/main.ts", board: "board/entry.ts", draw: "draw_script/main.ts" } as const;

/** The bundled scripts by entry. */
export type SiteBundles = Record<keyof typeof ENTRIES, string>;

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(dirname(HERE)); // lib/site → the repository

let cached: Promise<SiteBundles> | undefined;

/** Removes the bundle folders that killed runs left in the temporary folder (named by their process: `mbi-bundle-<pid>-…`). */
export async function removeDeadBundles(tmp: string): Promise<void> {
  for await (const e of Deno.readDir(tmp)) {
    const m = /^mbi-bundle-(\d+)-/.exec(e.name);
    if (e.isDirectory && m && Number(m[1]) !== Deno.pid && !pidRunning(Number(m[1]))) {
      await Deno.remove(join(tmp, e.name), { recursive: true }).catch(() => {});
    }
  }
}

async function run(): Promise<SiteBundles> {
  const dir = await Deno.makeTempDir({ prefix: `mbi-bundle-${Deno.pid}-` });
  await removeDeadBundles(dirname(dir)).catch(() => {});
  // a stop (Ctrl-C, SIGTERM, the launcher gone) removes it too
  const unregister = onShutdown(() => Deno.remove(dir, { recursive: true }).catch(() => {}));
  const entries = Object.values(ENTRIES).map((e) => join(HERE, e));
  try {
    const options = ["--config", join(ROOT, "deno.json"), "--platform", "browser", "--format", "iife", "--minify"];
    const p = await new Deno.Command(Deno.execPath(), {
      args: ["bundle", "--quiet", ...options, "--unstable-raw-imports", "--outdir", dir, ...entries],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!p.success) {
      const err = new TextDecoder().decode(p.stderr).trim().split("\n").slice(-3).join(" ");
      throw new MbiError("bundle", `deno bundle of ${entries.join(", ")} failed: ${err}`);
    }
    // esbuild keeps the entries' folders under the output folder (their common parent is this one)
    const read = async (entry: string) => (await Deno.readTextFile(join(dir, entry.replace(/\.ts$/, ".js")))).trimEnd();
    return {
      page: `${await read(ENTRIES.page)}\n`,
      board: `/*! MBI board code. ${BOARD_CREDITS} */\n${await read(ENTRIES.board)}\n`,
      draw: `${await read(ENTRIES.draw)}\n`,
    };
  } finally {
    unregister();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** The bundled scripts' text (bundled on the first call of the process). */
export function siteBundles(): Promise<SiteBundles> {
  cached ??= run().catch((e) => {
    cached = undefined;
    throw e;
  });
  return cached;
}
