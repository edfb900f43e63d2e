/**
 * `deno task predict`: what a self-play design should show, from an earlier design's measured variances and observed
 * figure (`sample.json`); made before the new design's first game, and never replaced.
 *
 * @module
 */

import { join } from "node:path";
import { MbiError } from "../core/mod.ts";
import { PUBLISHED, readSummary } from "../analysis/mod.ts";
import {
  methodSamplePath,
  methodSampleSummaryPath,
  predictDesign,
  PREDICTION_SCHEMA,
  predictionPath,
  type PredictionRecord,
  readMethodSample,
} from "../report/mod.ts";
import { readGames } from "../selfplay/mod.ts";
import {
  codeVersion,
  displayPath,
  inputFiles,
  readTextIfExists,
  selfplayDir,
  summaryPath,
  writeFileAtomic,
} from "../store/mod.ts";
import { selfplayBudgetText } from "../method/mod.ts";
import { command, runCommand, UsageError } from "./command.ts";
import { PROFILE, resultsProfile } from "./options.ts";

/** The declaration of `deno task predict`. */
export const COMMAND = command({
  name: "predict",
  description: "before a self-play design is played: the rho(eval, score) it should show, from an earlier design",
  details: ["writes prediction.json into the new design's folder, once, before its first game"],
  options: {
    profile: { ...PROFILE, help: "the design to predict (a results key with its self-play tags)", required: true },
    from: { ...PROFILE, help: "the earlier design on the same positions, with its sample.json", required: true },
  },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const design = resultsProfile({ profile: values.profile });
  const earlier = resultsProfile({ profile: values.from });
  if (design.name === earlier.name) throw new UsageError(`--profile and --from are one design (${design.name})`);
  const dir = selfplayDir(design);
  const out = predictionPath(design);
  if (await readTextIfExists(out) !== undefined) {
    throw new MbiError("stage-input", `${displayPath(out)} exists: a prediction is made once and never replaced`);
  }
  const games = await readGames(join(dir, "games.jsonl"));
  if (games?.records.length) {
    const held = `${displayPath(dir)} already holds ${games.records.length} games`;
    throw new MbiError("stage-input", `${held}: a prediction is made before the first game`);
  }
  const summary = await readSummary(earlier);
  if (!summary?.reliability.between_estimable) {
    throw new MbiError("stage-input", `no summary with measured variances at ${displayPath(summaryPath(earlier))}`);
  }
  const samplePath = methodSamplePath(earlier);
  const sample = await readMethodSample(samplePath, earlier);
  const paired = sample?.validation.find((v) => v.values_from === displayPath(samplePath));
  if (!sample || !paired || sample.selfplay.profile !== earlier.name) {
    const missing = `no sample.json of ${earlier.name} beside ${displayPath(samplePath)}`;
    throw new MbiError("stage-input", `${missing}: run deno task method-sample --profile ${earlier.name}`);
  }
  const s = design.selfplay, e = earlier.selfplay;
  if (s.positions !== e.positions || design.positions.join() !== earlier.positions.join()) {
    throw new UsageError(`${design.name} and ${earlier.name} do not play the same positions`);
  }
  const inputs = {
    positions: s.positions,
    earlierGames: e.games,
    games: s.games,
    between: summary.reliability.between_variance,
    game: summary.reliability.game_variance,
    observed: paired.eval_vs_score.rho,
    observedCi95: paired.eval_vs_score.ci95_percentile,
    published: PUBLISHED.rho_eval_score,
  };
  const prediction = predictDesign(inputs);
  const record: PredictionRecord = {
    kind: "mbi-prediction",
    schema: PREDICTION_SCHEMA,
    design: design.name,
    design_budget: selfplayBudgetText({ positions: s.positions, games: s.games, nodesPerMove: s.nodesPerMove }),
    from: { design: earlier.name, values: paired.values_from, budget: paired.budget },
    inputs: await inputFiles([summaryPath(earlier), methodSampleSummaryPath(samplePath, earlier)]),
    made_from: inputs,
    prediction,
    games_when_made: 0,
    created: new Date().toISOString(),
    code: await codeVersion(),
  };
  await writeFileAtomic(out, JSON.stringify(record, null, 2) + "\n");
  console.log(`${design.name} (${record.design_budget}), with the values at ${paired.budget}:`);
  console.log(prediction.sentence);
  for (const c of prediction.scenarios) {
    const expected = `expected rho ${c.expected_rho.toFixed(3)}, power ${c.power.toFixed(2)}`;
    console.log(`  ${c.assumption}: reliability ${c.reliability.toFixed(3)}, ${expected}`);
  }
  console.error(`wrote ${displayPath(out)}`);
});
