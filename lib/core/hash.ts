/**
 * SHA-256 of files and strings (node:crypto; no @std available here).
 *
 * @module
 */

import { createHash } from "node:crypto";

/** The hex SHA-256 of a file's bytes. */
export const sha256File = async (path: string): Promise<string> =>
  createHash("sha256").update(await Deno.readFile(path)).digest("hex");

/** Returns the hex SHA-256 of a string (UTF-8). */
export const sha256Text = (text: string): string => createHash("sha256").update(text).digest("hex");
