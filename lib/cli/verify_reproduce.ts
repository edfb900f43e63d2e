/**
 * `deno task verify-reproduce --sp 518 [--dataset FILE] [--profile P] [--engine ID|PATH] [--record]`:
 * recomputes one position and compares it with the dataset bit for bit; with
 * `--record` the result (date, machine, engine build, match) is added to
 * `verify-reproduce.json` beside the dataset, which its card shows.
 * Exit 0 on match, 1 on mismatch.
 *
 * @module
 */

import { displayPath, evalFilePath, profileDir, readEvalDataset } from "../store/mod.ts";
import { verifyReproduce } from "../evaluation/mod.ts";
import { recordVerification } from "../analysis/mod.ts";
import { command, flag, runCommand, text } from "./command.ts";
import { ENGINE, POSITION, PROFILE, resultsProfile } from "./options.ts";
import { engineForDataset } from "../runs/mod.ts";
import { evalBudgetText, type EvaluationRecord, formatOptions } from "../method/mod.ts";
import { MbiError } from "../core/mod.ts";

function show(label: string, r: EvaluationRecord): string {
  const score = r.mate !== null ? `mate ${r.mate}` : `${r.eval_cp} cp`;
  return `${label}: ${score}, depth ${r.depth}/${r.seldepth ?? "-"}, nodes ${r.nodes}, pv ${r.pv.join(" ")}`;
}

/** The declaration of `deno task verify-reproduce`. */
export const COMMAND = command({
  name: "verify-reproduce",
  description: "recomputes one position of a dataset and compares it bit for bit",
  details: ["exit 0 on a match, 1 on a mismatch"],
  options: {
    sp: POSITION,
    dataset: text("FILE", "the stage-1 dataset (an evals.jsonl)", { defaultText: "the profile's evals.jsonl" }),
    profile: PROFILE,
    engine: { ...ENGINE, defaultText: "the dataset's engine (or one with its fingerprint)" },
    record: flag("add the result (date, machine, engine build, match) to verify-reproduce.json beside the dataset"),
  },
});

if (import.meta.main) {
  await runCommand(COMMAND, async ({ values }) => {
    const position = values.sp;
    const path = values.dataset ?? evalFilePath(profileDir(resultsProfile(values)));
    const dataset = await readEvalDataset(path);
    if (!dataset) {
      throw new MbiError(
        "dataset",
        `no dataset at ${path} (run deno task eval-all first, or give --dataset)`,
      );
    }
    const { engine, note } = engineForDataset(dataset.header, values.engine);
    console.error(note);
    const v = await verifyReproduce(dataset, position.sp, engine);
    console.log(`SP ${position.sp} ${position.setup} — ${dataset.path}`);
    console.log(
      `budget ${evalBudgetText(dataset.header.config.limit)}; options ${formatOptions(dataset.header.config.options)}`,
    );
    console.log(
      `engine now: ${v.engine.id} (${v.engine.uci_name}, fingerprint ${v.engine.fingerprint}); dataset: ${dataset.header.engine.id} (fingerprint ${dataset.header.engine.fingerprint})`,
    );
    console.log(show("recorded  ", v.recorded));
    console.log(show("recomputed", v.recomputed));
    if (values.record) {
      const command = `deno task verify-reproduce --sp ${position.sp}${
        values.profile ? ` --profile ${values.profile}` : ""
      } --engine ${v.engine.id.replace(/^path:/, "")}`;
      console.error(`recorded in ${displayPath(await recordVerification(dataset.path, v, command))}`);
    }
    if (v.match) {
      console.log("MATCH: value, depth, PV and nodes are identical");
      return 0;
    }
    console.log("MISMATCH:");
    for (const d of v.differences) console.log(`  ${d}`);
    console.log("likely cause:");
    for (const c of v.causes) console.log(`  ${c}`);
    return 1;
  });
}
