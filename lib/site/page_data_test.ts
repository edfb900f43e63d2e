import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import type { SiteData } from "./data.ts";
import { histogram, mbiLegend } from "./page_data.ts";

Deno.test("the page's histogram clips its axis with the shared rule (lib/plot clipOutliers) and names what lies beyond", () => {
  const positions = Array.from({ length: 40 }, (_, i) => ({ sp: i, eval_cp: 10 + i, mbi_lo: null, mbi_hi: null }));
  positions.push({ sp: 258, eval_cp: 203, mbi_lo: null, mbi_hi: null });
  const d = {
    profile: "quick",
    engine: { uci_name: "Stockfish 17.1 WASM" },
    limit: "125,000 nodes",
    n: positions.length,
    positions,
  } as unknown as SiteData;
  const h = histogram(d);
  ok(h.caption.includes("Axis clipped at Tukey's far fences Q1 − 3·IQR = "), h.caption);
  ok(h.caption.includes("not drawn: SP 258 (+203 cp)"), h.caption);
  ok(h.scales!.hi < 203 && h.scales!.lo <= 0, JSON.stringify(h.scales));
  assertEquals(mbiLegend({ ...d, limitations: [] } as unknown as SiteData), null, "no intervals, no legend");
});
