import { longSentences, visibleText } from "./report/word_count.ts";
for (const f of ["README.md", "docs/validation.md"]) {
  const l = longSentences(Deno.readTextFileSync("/work/main/" + f), { markdown: true });
  console.log(`== ${f}: ${l.length}`);
  for (const s of l) console.log("  -", s.split(/\s+/).length, s.slice(0, 160));
}
for (const f of ["results/index.html", "results/quick~eval8000000/site/index.html"]) {
  const v = visibleText(Deno.readTextFileSync("/work/main/" + f));
  const l = longSentences(v.text);
  console.log(`== ${f}: ${l.length}`);
  for (const s of l) console.log("  -", s.split(/\s+/).length, s.slice(0, 160));
}
