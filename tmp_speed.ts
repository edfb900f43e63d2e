import { UciEngine } from "./lib/uci/engine.ts";
import { resolveEngine } from "./lib/engines.ts";
import { startPosition } from "./lib/chess960.ts";
const r = resolveEngine(Deno.args[0]);
const e = await UciEngine.start(r.command);
for (const [k, v] of Object.entries({ Threads: 1, Hash: 256, UCI_Chess960: true })) await e.setOption(k, v);
const nodes = Number(Deno.args[1]);
let tot = 0, totNodes = 0, over = 0;
const t0 = performance.now();
for (const sp of [0, 100, 200, 300, 400, 518, 600, 700, 800, 959]) {
  const a = performance.now();
  await e.newGame();
  const b = performance.now();
  const out = await e.search(startPosition(sp).fen, [], { nodes });
  over += b - a;
  tot += out.wallMs;
  const last = out.infos.filter(i => i.nodes).at(-1)!;
  totNodes += last.nodes!;
}
console.log(`newgame ${(over/10).toFixed(1)} ms avg; search ${(tot/10).toFixed(0)} ms avg; nps ${(totNodes/tot*1000).toFixed(0)}; wall ${(performance.now()-t0).toFixed(0)}`);
await e.quit();
