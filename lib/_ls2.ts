import { longSentences } from "./report/word_count.ts";
const l = longSentences(Deno.readTextFileSync(Deno.args[0]), { markdown: true });
for (const s of l) console.log(`[${s.split(/\s+/).length}] ${s}\n`);
