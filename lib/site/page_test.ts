import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import type { SiteData } from "./data.ts";
import { histogram, mbiLegend, openingSentence } from "./page.ts";

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

Deno.test("a page's first sentence counts the positions on Black's side instead of claiming every one favours White", () => {
  const values = (negatives: number, min: number) => ({
    limit: "8,000,000 nodes",
    positions: Array.from({ length: 960 }, (_, i) => ({ eval_cp: i < negatives ? min : i === 959 ? 85 : 20 })),
  } as unknown as SiteData);
  const none = openingSentence(values(1, 6));
  ok(none.includes("rates all 960 start positions above 0 cp for White (6 .. 85 cp)"), none);
  ok(openingSentence(values(1, 0)).includes("at 0 cp or better for White (0 .. 85 cp)"));
  const two = openingSentence(values(2, -5));
  ok(
    two.includes("958 of the 960 start positions") && two.includes("2 slightly better for Black (down to −5 cp)"),
    two,
  );
  ok(!/every Chess960 start position gives White/.test(two));
});
