/**
 * `deno task derive-mbi [--profile P] [--evals FILE] [--out DIR]`: derives the
 * MBI table from a profile's stage-1 dataset and writes again every file
 * derived from that dataset (the table and its views, `evals.csv`,
 * `distribution.json` and its plots, the site when there is one); or the
 * table of any JSONL/CSV file with `sp` and `eval_cp` (e.g. another engine's
 * dataset).
 *
 * @module
 */

import { dirname } from "node:path";
import { buildMbiTable, mbiPaths, readPositionValues, writeMbiTable } from "../store/mbi_table.ts";
import { deriveAll } from "./derive_all.ts";
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
      const profile = profileAndEngine(values.profile, {}, values.engine, { requireBinary: false }).profile;
      for (const line of await deriveAll(profile)) console.log(line);
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
