import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { join } from "node:path";
import { PROFILES } from "../method/mod.ts";
import {
  designKey,
  evalFolderName,
  formatKey,
  getProfile,
  isPublishedOutput,
  parseKey,
  profileDir,
  publishedPaths,
  resultsRoot,
  selfplayDir,
  summaryPath,
} from "./results_key.ts";

Deno.test("an override gets a name built from the real parameters, and the name round-trips", () => {
  const p = getProfile("quick", { evalNodes: 2_000_000, games: 4 });
  assertEquals(p.name, "quick~eval2000000~games4");
  assertEquals(getProfile(p.name), p);
  assertEquals(getProfile(p.name, { evalNodes: undefined, games: undefined }), p); // unset options keep the name's budgets
  assertEquals(getProfile("quick", { evalNodes: PROFILES.quick.evalNodes }).name, "quick"); // same value: same profile
  assertEquals(getProfile("quick~games8").name, "quick"); // the profile's own budget is no override
  for (const name of ["quick", "ci~eval400000", "quick~depth14@ethereal-12", "full~pos10~games2~move1000~boot50"]) {
    assertEquals(formatKey(parseKey(name)), name);
  }
  assertEquals(getProfile("quick~games2~eval500000").name, "quick~eval500000~games2"); // canonical order
});

Deno.test("only the stage-1 part names the folder; self-play and bootstrap budgets name files inside it", () => {
  const p = getProfile("quick~eval500000~games2~boot50@sf18-wasm");
  assertEquals(evalFolderName(p), "quick~eval500000@sf18-wasm");
  assertEquals(profileDir(p), join(resultsRoot(), "quick~eval500000@sf18-wasm"));
  assertEquals(selfplayDir(p), join(profileDir(p), "selfplay~games2"));
  assertEquals(summaryPath(p), join(profileDir(p), "summary~games2~boot50.json"));
  const q = getProfile("quick");
  assertEquals([selfplayDir(q), summaryPath(q)], [
    join(profileDir(q), "selfplay"),
    join(profileDir(q), "summary.json"),
  ]);
});

Deno.test("unknown profiles, tags and budgets in names are one-line errors, like flags", () => {
  throws(() => getProfile("huge"), /unknown profile "huge" \(allowed: full, quick, ci\)/);
  throws(() => getProfile("constructor"), /unknown profile "constructor"/);
  throws(() => getProfile("quick~fast1"), /"fast1" is not a budget tag/);
  throws(() => getProfile("ci~eval0"), /profile "ci~eval0": eval 0: expected a whole number >= 1/);
  throws(() => getProfile("ci~eval1~depth3"), /a node budget and a depth budget at once/);
  throws(() => getProfile("ci@a@b"), /more than one "@engine" part/);
  throws(() => getProfile("ci", { games: 0 }), /--games 0: expected a whole number >= 1/);
  throws(() => getProfile("quick@sf18-wasm", {}, "ethereal-12"), /belongs to engine sf18-wasm, not ethereal-12/);
});

Deno.test("published outputs are named like the summary, and recognised as such", () => {
  const plain = publishedPaths(getProfile("quick"));
  const games = publishedPaths(getProfile("quick~games2"));
  assertEquals([plain.site, plain.card, plain.reproduce].map((p) => p.split("/").slice(-2).join("/")), [
    "quick/site",
    "quick/DATASET.md",
    "quick/reproduce.json",
  ]);
  assertEquals(games.card.split("/").slice(-2).join("/"), "quick/DATASET~games2.md");
  assertEquals(games.notebooks.split("/").slice(-2).join("/"), "quick/notebooks~games2");
  assertEquals(plain.notebooks.split("/").slice(-2).join("/"), "quick/notebooks");
  for (
    const p of [
      "site/index.html",
      "site~games2/files/mbi.csv",
      "DATASET.md",
      "DATASET~games2.md",
      "reproduce.json",
      "notebooks/04_selfplay_validation.html",
      "notebooks~pos60~games50/rendered.json",
    ]
  ) {
    assertEquals(isPublishedOutput(p), true, p);
  }
  for (const p of ["summary.json", "mbi.json", "selfplay/games.pgn", "plots/eval_histogram.svg", "sitemap.json"]) {
    assertEquals(isPublishedOutput(p), false, p);
  }
});

Deno.test("a summary's tags put on a dataset's key give the design's key, engine tag last", () => {
  assertEquals(
    designKey("quick~eval8000000", "~pos60~games50~move30000~boot500"),
    "quick~eval8000000~pos60~games50~move30000~boot500",
  );
  assertEquals(designKey("quick@sf18-wasm", "~games2"), "quick~games2@sf18-wasm");
  // a tag equal to the profile's own budget is no override and drops out of the key
  assertEquals(designKey("quick", `~games${PROFILES.quick.selfplay.games}`), "quick");
  throws(() => designKey("quick", "~bogus3"), /"bogus3" is not a budget tag/);
});
