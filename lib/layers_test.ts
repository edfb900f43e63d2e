/**
 * The architecture as a test: every module imports only from its own layer
 * (folder) or from layers below it, in the order of {@link LAYERS}, and from
 * another layer only through its `mod.ts` (tests may also take the test
 * helpers `testing.ts`, `test_fixtures.ts` and `testdata/` directly, and code
 * bundled for the browser takes modules that import nothing directly); every
 * module of a layer is exported by its `mod.ts`; the module map in
 * docs/development.md lists exactly these folders.
 *
 * @module
 */

import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The layers, lowest first: a module may import from its own layer and any layer listed before it. */
export const LAYERS = [
  "core",
  "engine",
  "method",
  "store",
  "plot",
  "runs",
  "evaluation",
  "selfplay",
  "analysis",
  "outcomes",
  "report",
  "notebook",
  "site",
  "cli",
];

const LIB = dirname(fileURLToPath(import.meta.url));

function modules(dir: string): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) out.push(...modules(p));
    else if (e.name.endsWith(".ts")) out.push(p);
  }
  return out.sort();
}

const layerOf = (path: string) => relative(LIB, path).split("/")[0];

/** Test helpers a test of any layer may import directly. */
const TEST_HELPERS = /(^|\/)(testing\.ts|test_fixtures\.ts|testdata\/.*)$/;

/** Modules compiled for the browser (bundled into the pages): not part of the site layer's barrel. */
const BROWSER = /^site\/(board\/(entry|viewer|line|ladder_figure)\.ts|page_script\/.*|draw_script\/.*)$/;

Deno.test("every module lives in a layer folder, and no module imports from a layer above its own", () => {
  const violations: string[] = [];
  for (const file of modules(LIB)) {
    const layer = layerOf(file);
    if (file === fileURLToPath(import.meta.url)) continue;
    if (!LAYERS.includes(layer)) {
      violations.push(`${relative(LIB, file)}: not in a layer folder (${LAYERS.join(", ")})`);
      continue;
    }
    const text = Deno.readTextFileSync(file);
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
      const target = join(dirname(file), m[1]);
      const to = layerOf(target);
      if (to !== layer && LAYERS.indexOf(to) > LAYERS.indexOf(layer)) {
        violations.push(`${relative(LIB, file)} (${layer}) imports ${relative(LIB, target)} (${to})`);
      }
      const helper = file.endsWith("_test.ts") && TEST_HELPERS.test(relative(LIB, target));
      // Code bundled for the browser takes only modules that import nothing, directly (a barrel would pull in Deno).
      if (BROWSER.test(relative(LIB, file)) && to !== layer) {
        if (/^import /m.test(Deno.readTextFileSync(target))) {
          violations.push(`${relative(LIB, file)} (browser) imports ${relative(LIB, target)}, which imports more`);
        }
        continue;
      }
      if (to !== layer && LAYERS.includes(to) && relative(LIB, target) !== `${to}/mod.ts` && !helper) {
        violations.push(
          `${relative(LIB, file)} imports ${relative(LIB, target)}: another layer only through ${to}/mod.ts`,
        );
      }
    }
  }
  assertEquals(violations, []);
});

Deno.test("each layer has a mod.ts that says what it is and what it may import", () => {
  for (const layer of LAYERS) {
    let text = "";
    try {
      text = Deno.readTextFileSync(join(LIB, layer, "mod.ts"));
    } catch {
      // reported below
    }
    assertEquals(/@module/.test(text) && /may import/i.test(text), true, `lib/${layer}/mod.ts`);
  }
});

Deno.test("each layer's mod.ts exports every module of the layer (the command entry points excepted)", () => {
  const missing: string[] = [];
  for (const layer of LAYERS.filter((l) => l !== "cli")) {
    const text = Deno.readTextFileSync(join(LIB, layer, "mod.ts"));
    const exported = new Set([...text.matchAll(/^export \* from "\.\/([^"]+)";/gm)].map((m) => m[1]));
    for (const file of modules(join(LIB, layer))) {
      const rel = relative(join(LIB, layer), file);
      if (rel === "mod.ts" || rel.endsWith("_test.ts") || TEST_HELPERS.test(rel)) continue;
      if (BROWSER.test(`${layer}/${rel}`)) continue;
      if (!exported.has(rel)) missing.push(`lib/${layer}/mod.ts does not export ./${rel}`);
    }
  }
  assertEquals(missing, []);
});

Deno.test("the module map of docs/development.md names exactly the layer folders", () => {
  const page = Deno.readTextFileSync(join(LIB, "..", "docs", "development.md"));
  const map = page.split("## Module map")[1]?.split("\n## ")[0] ?? "";
  const named = [...map.matchAll(/^\| `lib\/([a-z]+)\/`/gm)].map((m) => m[1]);
  assertEquals(named, LAYERS);
});

Deno.test("the README and docs/ have no unfilled figure (every number in them was measured and written in)", () => {
  const docs = join(LIB, "..", "docs");
  const files = [join(LIB, "..", "README.md"), ...[...Deno.readDirSync(docs)].map((e) => join(docs, e.name))];
  const unfilled = files.filter((f) => f.endsWith(".md"))
    .flatMap((f) => (Deno.readTextFileSync(f).match(/[A-Z_]+_FILL\b/g) ?? []).map((m) => `${relative(LIB, f)}: ${m}`));
  assertEquals(unfilled, []);
});

Deno.test("usage errors are thrown only by the commands (lib/cli/); the layers below throw MbiError with a code", () => {
  const outside = modules(LIB)
    .filter((f) => layerOf(f) !== "cli" && !f.endsWith("_test.ts"))
    .filter((f) => /\bnew UsageError\b/.test(Deno.readTextFileSync(f)))
    .map((f) => relative(LIB, f));
  assertEquals(outside, []);
});
