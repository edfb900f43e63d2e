/**
 * SHA-256 of files and strings (node:crypto; no @std available here).
 *
 * @module
 */

import { createHash } from "node:crypto";

/** Returns the hex SHA-256 of a file's bytes. */
export async function sha256File(path: string): Promise<string> {
  return createHash("sha256").update(await Deno.readFile(path)).digest("hex");
}

/** Returns the hex SHA-256 of a string (UTF-8). */
export function sha256Text(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
