/**
 * `deno task derive-mbi [--profile P] [--evals FILE] [--out DIR]`: derives the
 * MBI table from a profile's stage-1 dataset, or from any JSONL/CSV file with
 * `sp` and `eval_cp` (e.g. another engine's dataset).
 *
 * @module
 */

import { dirname } from "node:path";
import { buildMbiTable, mbiPaths, readPositionValues, writeMbiTable } from "../store/mbi_table.ts";
import { runStage3 } from "../stages/mbi_index.ts";
import { type CliSpec, outputDir, parseCli, runCli, UsageError, userPath } from "./common.ts";
import { displayPath } from "../store/provenance.ts";
import { profileAndEngine } from "../stages/run_config.ts";

const USAGE: CliSpec = {
  usage:
    "deno task derive-mbi [--profile P] [--engine ID|PATH] | --evals FILE [--out DIR]\n  derives the MBI table of a stage-1 dataset (or any JSONL/CSV with sp and eval_cp)",
  positionals: 0,
};

if (import.meta.main) {
  await runCli(async () => {
    const { values } = parseCli({
      profile: { type: "string" },
      engine: { type: "string" },
      evals: { type: "string" },
      out: { type: "string" },
    }, USAGE);
    if (!values.evals) {
      if (values.out) {
        throw new UsageError(
          "--out needs --evals (a profile's table goes to results/<profile>/)",
        );
      }
      const { table, written } = await runStage3(
        profileAndEngine(values.profile, {}, values.engine, { requireBinary: false }).profile,
      );
      console.log(
        `${written ? "wrote" : "unchanged:"} ${
          mbiPaths(`results/${table.profile}`).json
        } (${table.rows.length} positions)`,
      );
      return;
    }
    const path = userPath(values.evals);
    const input = await readPositionValues(path);
    const table = await buildMbiTable(
      path,
      input,
      input.header?.profile ?? "custom",
    );
    const out = values.out === undefined ? dirname(path) : outputDir("out", values.out);
    const { written } = await writeMbiTable(out, table);
    console.log(
      `${written ? "wrote" : "unchanged:"} ${
        displayPath(mbiPaths(out).json)
      }, .csv, .md (${table.rows.length} positions)`,
    );
  });
}
