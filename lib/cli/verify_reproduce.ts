/**
 * `deno task verify-reproduce`: recomputes one position (or K drawn by seed, each in its own engine process at once)
 * and compares it with the dataset bit for bit; `--record` adds the result to `verify-reproduce.json` (the card's).
 *
 * @module
 */

import { displayPath, evalFilePath, profileDir, readEvalDataset, recordedPath } from "../store/mod.ts";
import { verifyReproduce } from "../evaluation/mod.ts";
import { recordVerification, type VerifyDraw } from "../analysis/mod.ts";
import { command, flag, runCommand, text, UsageError, whole } from "./command.ts";
import { ENGINE, POSITION, PROFILE, resultsProfile } from "./options.ts";
import { engineForDataset } from "../runs/mod.ts";
import {
  evalBudgetText,
  type EvaluationRecord,
  formatOptions,
  orderRule,
  seededDraw,
  startPosition,
  VERIFY_STREAM,
} from "../method/mod.ts";
import { MbiError } from "../core/mod.ts";

function show(label: string, r: EvaluationRecord): string {
  const score = r.mate !== null ? `mate ${r.mate}` : `${r.eval_cp} cp`;
  return `${label}: ${score}, depth ${r.depth}/${r.seldepth ?? "-"}, nodes ${r.nodes}, pv ${r.pv.join(" ")}`;
}

/** The declaration of `deno task verify-reproduce`. */
export const COMMAND = command({
  name: "verify-reproduce",
  description: "recomputes one position of a dataset and compares it bit for bit",
  details: [
    "exit 0 on a match, 1 on a mismatch",
    "--draw K: K of the positions the dataset's own run computed (not those joined from another file), drawn by seed: " +
    `the first K of their permutation by ${orderRule(VERIFY_STREAM)}, from the profile's seed`,
  ],
  options: {
    sp: { ...POSITION, required: false },
    draw: whole("K", "check K positions drawn by seed from those the dataset's run computed (instead of --sp)"),
    dataset: text("FILE", "the stage-1 dataset (an evals.jsonl)", { defaultText: "the profile's evals.jsonl" }),
    profile: PROFILE,
    engine: { ...ENGINE, defaultText: "the dataset's engine (or one with its fingerprint)" },
    record: flag("add the result (date, machine, engine build, match) to verify-reproduce.json beside the dataset"),
  },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  if ((values.sp === undefined) === (values.draw === undefined)) {
    throw new UsageError("give either --sp SP|BACKRANK|FEN or --draw K");
  }
  const profile = resultsProfile(values);
  const path = values.dataset ?? evalFilePath(profileDir(profile));
  const dataset = await readEvalDataset(path);
  if (!dataset) {
    throw new MbiError("dataset", `no dataset at ${path} (run deno task eval-all first, or give --dataset)`);
  }
  const { engine, note } = engineForDataset(dataset.header, values.engine);
  console.error(note);
  let draw: VerifyDraw | undefined;
  if (values.draw !== undefined) {
    // The positions its own run computed: not those joined from another file (they are checked at the join).
    const own = recordedPath(dataset.path);
    const among = dataset.records.filter((r) => !r.computed || r.computed.file === own).map((r) => r.sp);
    if (among.length < values.draw) {
      throw new UsageError(`--draw ${values.draw}: the dataset's run has computed ${among.length} positions`);
    }
    draw = {
      date: new Date().toISOString(),
      among,
      seed: profile.seed,
      stream: VERIFY_STREAM,
      rule: orderRule(VERIFY_STREAM),
      sps: seededDraw(among, values.draw, profile.seed, VERIFY_STREAM),
    };
    const from = `drawn from the ${among.length} positions the run computed (seed ${profile.seed})`;
    console.error(`${from}: SP ${draw.sps.join(", ")}`);
  }
  const sps = draw?.sps ?? [values.sp!.sp];
  // Each position in its own engine process, at once (one thread each, as the method searches).
  const checks = await Promise.all(sps.map((sp) => verifyReproduce(dataset, sp, engine)));
  const config = dataset.header.config;
  console.log(`${dataset.path}: budget ${evalBudgetText(config.limit)}; options ${formatOptions(config.options)}`);
  for (const v of checks) {
    const p = startPosition(v.recorded.sp);
    console.log(`SP ${p.sp} ${p.setup}`);
    const recorded = `dataset: ${dataset.header.engine.id} (fingerprint ${dataset.header.engine.fingerprint})`;
    console.log(`engine now: ${v.engine.id} (${v.engine.uci_name}, fingerprint ${v.engine.fingerprint}); ${recorded}`);
    console.log(show("recorded  ", v.recorded));
    console.log(show("recomputed", v.recomputed));
    if (values.record) {
      const which = draw ? `--draw ${values.draw}` : `--sp ${p.sp}`;
      const profileArg = values.profile ? ` --profile ${values.profile}` : "";
      const command = `deno task verify-reproduce ${which}${profileArg} --engine ${v.engine.id.replace(/^path:/, "")}`;
      console.error(`recorded in ${displayPath(await recordVerification(dataset.path, v, command, { draw }))}`);
    }
    if (v.match) {
      console.log("MATCH: value, depth, PV and nodes are identical");
      continue;
    }
    console.log("MISMATCH:");
    for (const d of v.differences) console.log(`  ${d}`);
    console.log("likely cause:");
    for (const c of v.causes) console.log(`  ${c}`);
  }
  return checks.every((v) => v.match) ? 0 : 1;
});
