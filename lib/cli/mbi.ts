/**
 * `deno task mbi 518 [--profile P] [--json]` (or a back rank or FEN): that
 * position's MBI, rank, eval, depth and PV from the profile's dataset.
 *
 * @module
 */

import { parsePosition } from "../method/chess960.ts";
import { evalFilePath, readEvalDataset } from "../store/eval_dataset.ts";
import { loadStage3 } from "../stages/mbi_index.ts";
import { type CliSpec, parseCli, runCli, UsageError } from "./common.ts";
import { profileAndEngine } from "../stages/run_config.ts";
import { profileDir } from "../store/results_key.ts";

const USAGE: CliSpec = {
  usage:
    "deno task mbi SP|BACKRANK|FEN [--profile P] [--engine ID|PATH] [--json]\n  one position's MBI with its interval, from the best complete dataset (or --profile)",
  positionals: "any",
};

if (import.meta.main) {
  await runCli(async () => {
    const { values, positionals } = parseCli({
      profile: { type: "string" },
      engine: { type: "string" },
      json: { type: "boolean" },
    }, USAGE);
    if (positionals.length === 0) {
      throw new UsageError(
        "missing position: an SP number 0..959, a back rank or a FEN",
      );
    }
    const position = parsePosition(positionals.join(" "));
    const profile = profileAndEngine(values.profile, {}, values.engine, { requireBinary: false }).profile;
    const table = await loadStage3(profile);
    const row = table.rows.find((r) => r.sp === position.sp);
    if (!row) {
      throw new UsageError(
        `SP ${position.sp} is not in profile ${profile.name}'s table`,
      );
    }
    const rec = (await readEvalDataset(evalFilePath(profileDir(profile))))
      ?.records.find((r) => r.sp === position.sp);
    if (values.json) {
      const { sp, setup, eval_cp, edge_cp, rank, mbi } = row;
      console.log(
        JSON.stringify({
          sp,
          setup,
          eval_cp,
          edge_cp,
          rank,
          mbi,
          depth: rec?.depth ?? null,
          pv: rec?.pv ?? null,
        }),
      );
      return;
    }
    console.log(
      `SP ${row.sp} ${row.setup}: MBI ${row.mbi} (rank ${row.rank} of ${table.rows.length} by edge, 1 = most balanced)`,
    );
    console.log(
      `eval ${row.eval_cp} cp (White), edge ${row.edge_cp} cp; depth ${rec?.depth ?? "?"}; pv ${
        rec?.pv.join(" ") ?? "?"
      }`,
    );
    console.log(
      `profile ${table.profile}, budget ${JSON.stringify(table.input.limit)}; ${table.citation}`,
    );
  });
}
