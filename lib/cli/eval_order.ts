/**
 * `deno task eval-order`: writes, once and before its first search, the seeded random order a long stage-1 run takes
 * its positions in; the positions of `--join FILE` are set apart to join the dataset later.
 *
 * @module
 */

import {
  buildRunOrder,
  codeVersion,
  displayPath,
  evalFilePath,
  evalFolderName,
  getProfile,
  profileDir,
  readEvalDataset,
  readRunOrder,
  recordedPath,
  runOrderPath,
  writeFileAtomic,
} from "../store/mod.ts";
import { MbiError, sha256File } from "../core/mod.ts";
import { command, runCommand, text, userPath } from "./command.ts";
import { PROFILE } from "./options.ts";

/** The declaration of `deno task eval-order`. */
export const COMMAND = command({
  name: "eval-order",
  description: "writes once the seeded random order a long stage-1 run takes its positions in (order.json)",
  options: {
    profile: PROFILE,
    join: text("FILE", "an evaluation file of the same budget whose positions join the dataset later", {
      required: true,
    }),
  },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const profile = getProfile(values.profile);
  const dir = profileDir(profile);
  const path = runOrderPath(dir);
  const have = await readRunOrder(dir, profile.positions);
  if (have) {
    console.log(`${displayPath(path)} is already there (written ${have.created}); an order is never rewritten`);
    return;
  }
  const joinPath = userPath(values.join);
  const joined = await readEvalDataset(joinPath);
  if (!joined) throw new MbiError("dataset", `--join ${values.join}: no such evaluation file`);
  const limit = joined.header.config.limit;
  if (!("nodes" in limit) || limit.nodes !== profile.evalNodes) {
    const budget = `profile ${profile.name}'s ${profile.evalNodes} nodes`;
    throw new MbiError("dataset", `--join ${values.join}: its limit ${JSON.stringify(limit)} is not ${budget}`);
  }
  const order = buildRunOrder({
    dataset: recordedPath(evalFilePath(dir)),
    positions: profile.positions,
    joined: {
      file: recordedPath(joinPath),
      sha256: await sha256File(joinPath),
      positions: joined.records.map((r) => r.sp),
    },
    seed: profile.seed,
    created: new Date().toISOString(),
    code: await codeVersion(),
  });
  await writeFileAtomic(path, JSON.stringify(order, null, 1) + "\n");
  console.log(
    `wrote ${displayPath(path)}: ${order.order.length} positions of ${evalFolderName(profile)} in a random order ` +
      `from seed ${order.seed}, then the ${order.joined.positions.length} of ${order.joined.file}`,
  );
});
