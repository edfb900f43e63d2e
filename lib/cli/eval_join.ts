/**
 * `deno task eval-join`: joins the positions a long run's order sets apart into the run's file once two of them, drawn
 * by seed, match bit for bit when searched again (once, recorded in `join-check.json`). The records are appended under
 * the file's lock, so a running `eval-all` of the same file must be stopped first (its progress is kept).
 *
 * @module
 */

import { displayPath, evalFilePath, getProfile, profileDir, readEvalDataset, readRunOrder } from "../store/mod.ts";
import { verifyReproduce } from "../evaluation/mod.ts";
import {
  appendJoined,
  joinCheckPath,
  joinDraw,
  joinedRecords,
  joinState,
  readVerifyRecord,
  recordVerification,
} from "../analysis/mod.ts";
import { engineForDataset } from "../runs/mod.ts";
import { MbiError } from "../core/mod.ts";
import { command, runCommand } from "./command.ts";
import { ENGINE, PROFILE } from "./options.ts";

/** The declaration of `deno task eval-join`. */
export const COMMAND = command({
  name: "eval-join",
  description:
    "joins a long run's set-apart positions into its file after two of them, drawn by seed, match bit for bit",
  details: [
    "exit 0 when joined (or already), 1 when a checked position does not match; a running eval-all of the file must be stopped first",
  ],
  options: { profile: PROFILE, engine: { ...ENGINE, defaultText: "the run's engine (its file's header)" } },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const profile = getProfile(values.profile);
  const dir = profileDir(profile);
  const order = await readRunOrder(dir, profile.positions);
  if (!order) throw new MbiError("dataset", `${displayPath(dir)} has no order.json: nothing is set apart to join`);
  const path = evalFilePath(dir);
  const run = await readEvalDataset(path);
  if (!run) throw new MbiError("dataset", `no run file at ${displayPath(path)}: start deno task eval-all first`);
  const joined = await joinedRecords(order);
  const checkPath = joinCheckPath(dir);
  const draw = joinDraw(order, new Date().toISOString());
  const build = run.header.engine.sha256;
  let state = joinState(draw.sps, await readVerifyRecord(joined.dataset.path, checkPath), build);
  if (state.todo.length) {
    const { engine, note } = engineForDataset(run.header, values.engine);
    console.error(`${note}; searching SP ${state.todo.join(" and SP ")} again (drawn by seed ${draw.seed})`);
    // Each check in its own engine process, at once: the same searches as the run's (one thread each).
    const checks = await Promise.all(state.todo.map((sp) => verifyReproduce(joined.dataset, sp, engine)));
    for (const v of checks) {
      if (v.engine.sha256 !== build) {
        const not = `is not the run's build (SHA-256 ${v.engine.sha256}, the run's ${build})`;
        throw new MbiError("engine-config", `the engine that searched SP ${v.recorded.sp} again ${not}`);
      }
      const command = `deno task eval-join --profile ${profile.name}`;
      await recordVerification(joined.dataset.path, v, command, { path: checkPath, draw });
      console.log(`SP ${v.recorded.sp}: ${v.match ? "MATCH" : `MISMATCH (${v.differences.join("; ")})`}`);
    }
    state = joinState(draw.sps, await readVerifyRecord(joined.dataset.path, checkPath), build);
  }
  if (state.failed !== null) {
    console.log(`not joined: SP ${state.failed} did not match (${displayPath(checkPath)})`);
    return 1;
  }
  const n = await appendJoined(path, joined);
  console.log(
    `SP ${draw.sps.join(" and SP ")} matched bit for bit (${displayPath(checkPath)}); ` +
      `${n} record(s) of ${order.joined.file} joined ${displayPath(path)}` +
      (n < joined.records.length ? ` (${joined.records.length - n} were there already)` : ""),
  );
});
