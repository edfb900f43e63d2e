/**
 * Atomic file writes: write to a temporary file beside the target, then rename.
 *
 * @module
 */

import { dirname } from "node:path";

/** Writes `text` to `path` atomically (readers see the old or the new file, never half). */
export async function writeFileAtomic(
  path: string,
  text: string,
): Promise<void> {
  await Deno.mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${Deno.pid}.tmp`;
  await Deno.writeTextFile(tmp, text);
  await Deno.rename(tmp, path);
}
