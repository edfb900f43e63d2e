import { visibleText } from "./report/word_count.ts";
for (const f of Deno.args) {
  const t = visibleText(Deno.readTextFileSync(f)).text;
  const lines = t.split("\n").filter((l) => /quick[~@]|\bci~|full\/|sf1[67][.\d]*-selfplay|lichess-2020-human/.test(l));
  console.log(`== ${f}: ${lines.length} lines with keys`);
  for (const l of lines) console.log("  ", l.slice(0, 220));
}
