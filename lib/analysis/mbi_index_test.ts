import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { inTempRoot } from "../core/testing.ts";
import { writeSyntheticDataset } from "../store/test_fixtures.ts";
import { bestReferenceProfile, deriveIndex } from "./mbi_index.ts";
import { computeDistribution } from "./distribution.ts";
import { getProfile, mbiPaths } from "../store/mod.ts";
import { CI_POSITIONS } from "../method/mod.ts";
import { join } from "node:path";

const all = (f: (sp: number) => number) => Object.fromEntries(Array.from({ length: 960 }, (_, sp) => [sp, f(sp)]));

Deno.test("the best index: the reference engine's complete 960-position dataset with the largest node budget", async () => {
  await inTempRoot(async (root) => {
    assertEquals(await bestReferenceProfile(), undefined);
    await writeSyntheticDataset({ root, folder: "quick", values: all((sp) => sp % 40), limit: { nodes: 125_000 } });
    await writeSyntheticDataset({
      root,
      folder: "quick~eval2000000",
      values: all((sp) => sp % 37),
      limit: { nodes: 2_000_000 },
    });
    // Another engine at a larger budget, a dozen positions at a larger budget, and an incomplete larger one: not chosen.
    await writeSyntheticDataset({
      root,
      folder: "quick~eval9000000@sf18-wasm",
      values: all((sp) => sp % 30),
      limit: { nodes: 9_000_000 },
      engine: { id: "sf18-wasm", uci_name: "Stockfish 18", fingerprint: 2_044_794 },
    });
    await writeSyntheticDataset({
      root,
      folder: "ci~eval9000000",
      values: { 0: 1, 1: 2, 518: 3 },
      limit: { nodes: 9_000_000 },
    });
    const partial = await writeSyntheticDataset({
      root,
      folder: "quick~eval8000000",
      values: all((sp) => sp % 33),
      limit: { nodes: 8_000_000 },
    });
    const lines = (await Deno.readTextFile(partial)).trimEnd().split("\n");
    await Deno.writeTextFile(partial, lines.slice(0, 500).join("\n") + "\n");
    const best = await bestReferenceProfile();
    assertEquals([best?.profile.name, best?.nodes], ["quick~eval2000000", 2_000_000]);
  }, "mbi-best-");
});

Deno.test("a self-play design's key derives its dataset's files under the dataset's key: the same table, nothing rewritten", async () => {
  await inTempRoot(async (root) => {
    await writeSyntheticDataset({
      root,
      folder: "ci",
      values: Object.fromEntries(CI_POSITIONS.map((sp, i) => [sp, 5 + i])),
    });
    const paths = mbiPaths(join(root, "ci"));
    await Deno.remove(paths.json); // derived again, from the design's key
    const { table, written } = await deriveIndex(getProfile("ci~games2"));
    assertEquals([written, table.profile, table.banner?.startsWith("ci profile")], [true, "ci", true]);
    const json = await Deno.readTextFile(paths.json);
    assertEquals((await deriveIndex(getProfile("ci"))).written, false);
    assertEquals(await Deno.readTextFile(paths.json), json);
    const d = await computeDistribution(getProfile("ci~games2~boot50"));
    assertEquals(d.summary.profile, "ci");
  });
});
