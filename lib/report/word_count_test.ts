import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { countWords, visibleText } from "./word_count.ts";

/** `wc -w` of a text, or undefined where `wc` is not installed. */
async function wc(text: string): Promise<number | undefined> {
  try {
    const child = new Deno.Command("wc", { args: ["-w"], stdin: "piped", stdout: "piped", env: { LC_ALL: "C.UTF-8" } })
      .spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(text));
    await writer.close();
    const { stdout } = await child.output();
    return Number(new TextDecoder().decode(stdout).trim());
  } catch {
    return undefined;
  }
}

const SAMPLES = [
  "",
  "one",
  "  two  words \n",
  "tabs\tand\nlines\r\nand\fform\vfeeds",
  "non\u00a0breaking and thin\u2009spaces split, a line\u2028separator does not",
  "| table | row |\n| --- | --: |\n`deno task words` — 8,000,000 nodes",
];

Deno.test("countWords counts as wc -w does", async () => {
  assertEquals(SAMPLES.map(countWords), [0, 1, 2, 6, 10, 16]);
  for (const s of SAMPLES) {
    const expected = await wc(s);
    if (expected !== undefined) assertEquals(countWords(s), expected, JSON.stringify(s));
  }
});

const PAGE = `<!doctype html><html><head><title>Not counted</title><style>p{color:red}</style></head><body>
<h1>The index</h1><p>Balanced <b>starts</b> score <span>5</span>% closer.</p>
<script type="application/json" id="data">{"many":"words that are data"}</script>
<script>const code = "not read";</script>
<svg><text>axis label</text></svg>
<p hidden>hidden words</p><template><p>template words</p></template>
<details><summary>Limitations (3)</summary><p>one two three</p></details>
<details open><summary>Open</summary><p>shown here</p></details>
<ul><li>first</li><li>second</li></ul>
<section id="positions"><h2>Positions</h2><p>table words</p></section>
<p>after the table</p></body></html>`;

Deno.test("visibleText keeps what a reader sees and leaves out scripts, data, figures and hidden elements", () => {
  const all = visibleText(PAGE);
  assertEquals(all.found, true);
  // inline elements join their neighbours ("5%"), blocks and list items split
  assertEquals(all.text.split(/\s+/).filter(Boolean), [
    "The",
    "index",
    "Balanced",
    "starts",
    "score",
    "5%",
    "closer.",
    "Limitations",
    "(3)",
    "Open",
    "shown",
    "here",
    "first",
    "second",
    "Positions",
    "table",
    "words",
    "after",
    "the",
    "table",
  ]);
  assertEquals(countWords(all.folded), 3);
});

Deno.test("visibleText stops at the element named by before, and says when there is none", () => {
  const before = visibleText(PAGE, { before: "positions" });
  assertEquals([before.found, countWords(before.text), countWords(before.folded)], [true, 14, 3]);
  const missing = visibleText(PAGE, { before: "nosuch" });
  assertEquals([missing.found, countWords(missing.text)], [false, 20]);
});
