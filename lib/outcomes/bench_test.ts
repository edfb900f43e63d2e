import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { ensureBenchPgn, ensureZstd, measureIngest } from "./bench.ts";

Deno.test("bench plumbing: the generated file and its zstd copy are made once and ingest to the same games", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mbi-bench-" });
  try {
    const lines: string[] = [];
    const plain = await ensureBenchPgn(dir, 300, (l) => lines.push(l));
    const zst = await ensureZstd(plain, (l) => lines.push(l));
    const again = await ensureBenchPgn(dir, 300, (l) => lines.push(l));
    assertEquals(again, plain);
    assertEquals(lines.filter((l) => l.startsWith("generated")).length, 1); // reused, not regenerated
    const a = await measureIngest(plain), b = await measureIngest(zst);
    assertEquals([a.games, b.games, a.compression, b.compression], [300, 300, "none", "zstd"]);
    assertEquals(a.text_bytes, b.text_bytes);
    ok(b.bytes < a.bytes);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
