/**
 * The board code as one classic script: `deno bundle` (esbuild inside Deno)
 * of `entry.ts` with chessground, chessops and chessground's styles (piece
 * images inline), minified, as an IIFE — a classic script, because Chromium
 * refuses ES module imports from disk on file://. Bundled once per process;
 * the output depends only on the code and the locked packages, so a rerun
 * writes the same bytes.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { MbiError } from "../../core/errors.ts";

/** The bundled libraries with their licences, credited on the page and in the script's header. */
export const BOARD_CREDITS =
  "Board: chessground 9.2.1 (lichess.org, GPL-3.0-or-later) and chessops 0.15.1 (GPL-3.0-or-later), " +
  "bundled into board.js; this project's code is GPL-3.0-or-later too (LICENSE), its data CC BY 4.0.";

const ENTRY = fileURLToPath(new URL("./entry.ts", import.meta.url));
const ROOT = dirname(dirname(dirname(dirname(ENTRY)))); // lib/site/board/entry.ts → the repository

let cached: Promise<string> | undefined;

async function run(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "mbi-board-" });
  const out = join(dir, "board.js");
  try {
    const p = await new Deno.Command(Deno.execPath(), {
      args: [
        "bundle",
        "--quiet",
        "--config",
        join(ROOT, "deno.json"),
        "--platform",
        "browser",
        "--format",
        "iife",
        "--minify",
        "--unstable-raw-imports",
        "-o",
        out,
        ENTRY,
      ],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!p.success) {
      const err = new TextDecoder().decode(p.stderr).trim().split("\n").slice(-3).join(" ");
      throw new MbiError("bundle", `deno bundle of ${ENTRY} failed: ${err}`);
    }
    const js = await Deno.readTextFile(out);
    return `/*! MBI board code. ${BOARD_CREDITS} */\n${js.trimEnd()}\n`;
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** The bundled board script's text (bundled on the first call of the process). */
export function boardBundle(): Promise<string> {
  cached ??= run().catch((e) => {
    cached = undefined;
    throw e;
  });
  return cached;
}
