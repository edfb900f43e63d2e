import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { filesUnder } from "./notebook/notebooks.ts";

const ROOT = join(import.meta.dirname!, "..");
const NOTES = "docs/METHOD.md";

/** The decisions the method notes number, from their `**Decision N — …**` lines. */
function decisions(): number[] {
  const text = Deno.readTextFileSync(join(ROOT, NOTES));
  return [...text.matchAll(/^\*\*Decision (\d+) — /gm)].map((m) => Number(m[1]));
}

/** README, code and notebook sources: every file that may cite the notes. */
function citing(): { file: string; text: string }[] {
  const files = [
    join(ROOT, "README.md"),
    ...filesUnder(join(ROOT, "lib"), []).filter((f) => f.endsWith(".ts") && !f.endsWith("method_notes_test.ts")),
    ...filesUnder(join(ROOT, "notebooks"), []).filter((f) => f.endsWith(".ipynb")),
  ];
  return files.map((file) => {
    const raw = Deno.readTextFileSync(file);
    // a notebook cites in its sources; its outputs are checked by rendering it again
    const text = file.endsWith(".ipynb")
      ? JSON.parse(raw).cells.map((c: { source: string[] | string }) => [c.source].flat().join("")).join("\n")
      : raw;
    return { file: file.slice(ROOT.length + 1), text };
  });
}

Deno.test("the method notes are in the repository and number decisions 1-6", () => {
  assertEquals(decisions(), [1, 2, 3, 4, 5, 6]);
});

Deno.test("every citation of the method notes names docs/METHOD.md and a decision it has", () => {
  const known = new Set(decisions());
  const bad: string[] = [];
  for (const { file, text } of citing()) {
    for (const m of text.matchAll(/(docs\/)?METHOD\.md(?:'s)?([^.;\n]{0,40})/g)) {
      if (!m[1]) bad.push(`${file}: ${m[0]}`);
      for (const d of m[2].matchAll(/decisions? (\d+)(?:[–-](\d+))?/g)) {
        for (let n = Number(d[1]); n <= Number(d[2] ?? d[1]); n++) if (!known.has(n)) bad.push(`${file}: ${m[0]}`);
      }
    }
  }
  assertEquals(bad, []);
  ok(citing().some((c) => c.file === "README.md" && c.text.includes("docs/METHOD.md")));
});
