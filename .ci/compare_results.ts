/**
 * Test helper: `deno run -A .ci/compare_results.ts evals|games A B` exits 0 when
 * two result files hold the same records (ignoring timing fields), else 1.
 *
 * @module
 */

import { readEvalDataset, withoutTiming } from "../lib/store/mod.ts";
import { readGames, SELFPLAY_MERGE } from "../lib/selfplay/mod.ts";

const [kind, a, b] = Deno.args;
let left: unknown[], right: unknown[];
if (kind === "evals") {
  left = (await readEvalDataset(a))!.records.map(withoutTiming);
  right = (await readEvalDataset(b))!.records.map(withoutTiming);
} else {
  const sort = (xs: Parameters<typeof SELFPLAY_MERGE.compare>[0][]) => [...xs].sort(SELFPLAY_MERGE.compare);
  left = sort((await readGames(a))!.records).map(SELFPLAY_MERGE.stable);
  right = sort((await readGames(b))!.records).map(SELFPLAY_MERGE.stable);
}
const same = JSON.stringify(left) === JSON.stringify(right);
console.log(
  `${kind}: ${left.length} vs ${right.length} records: ${same ? "identical" : "DIFFERENT"} (timing fields ignored)`,
);
Deno.exit(same ? 0 : 1);
