/**
 * The options several commands take, declared once: each command's
 * declaration lists these (with its own help where the meaning narrows, e.g.
 * `{ ...OUT_FILE, help: "…" }`), so that a shared option parses, defaults and
 * reads alike everywhere.
 *
 * @module
 */

import { DEFAULT_ENGINE_ID, ENGINE_ENV, NATIVE_ENGINE_ID } from "../engine/mod.ts";
import { parseSpList, type Profile, type ProfileOverrides, PROFILES, type StartPosition } from "../method/mod.ts";
import { profileAndEngine } from "../runs/mod.ts";
import { parseShard } from "../store/mod.ts";
import { OPENING_DISTINCT } from "../selfplay/mod.ts";
import { flag, text, valueOf, whole, wholeNumber } from "./command.ts";
import { outputDir, outputPath, positionArg, UsageError } from "./common.ts";

/** `--profile P`: a profile or results key. */
export const PROFILE = text(
  "P",
  `the profile (${Object.keys(PROFILES).join(", ")}) or a results key such as quick~eval500000 or quick@sf18-wasm`,
  { defaultText: "$MBI_PROFILE, else quick" },
);

/** `--engine ID|PATH`: an engine of the registry or a UCI binary. */
export const ENGINE = text("ID|PATH", "the engine: an id of data/engines.json or the path of a UCI executable", {
  defaultText: `$${ENGINE_ENV}, else ${NATIVE_ENGINE_ID} once built, else ${DEFAULT_ENGINE_ID}`,
});

/** `--workers W`: engine processes at once, at most the number of cores (a larger value is lowered, with a message). */
export const WORKERS = valueOf("W", "engine processes at once (a number above the cores is lowered to it)", workers, {
  default: navigator.hardwareConcurrency,
  defaultText: "the number of cores",
});

function workers(value: string, option: string): number {
  const cores = navigator.hardwareConcurrency;
  const n = wholeNumber(option, value);
  if (n > cores) {
    console.error(`--${option} ${n}: this machine has ${cores} cores; using ${cores}`);
    return cores;
  }
  return n;
}

/** `--json`: print JSON instead of text. */
export const JSON_OUTPUT = flag("print one JSON object instead of text");

/** `--out FILE`: an output file; its directory must exist. */
export const OUT_FILE = valueOf("FILE", "write to this file instead", (t, o) => outputPath(o, t));

/** `--out DIR`: an output folder; it or its parent must exist. */
export const OUT_DIR = valueOf("DIR", "write into this folder instead", (t, o) => outputDir(o, t));

/** `--sp SP|BACKRANK|FEN`: the one start position a command is about (required). */
export const POSITION = valueOf<StartPosition, { required: true }>(
  "SP|BACKRANK|FEN",
  "the start position: an SP number 0..959, a back rank or a FEN",
  (t) => positionArg(t),
  { required: true },
);

/** `--sp 0-99,518`: a list of SP numbers and ranges. */
export const SP_LIST = valueOf("SP,...", "only these positions: SP numbers and ranges, e.g. 0-99,518", parseSpList);

/** `--nodes N`: a node budget per position. */
export const NODES = whole("N", "the node budget per position", { defaultText: "the profile's" });

/** `--depth D`: a depth limit per position instead of a node budget. */
export const DEPTH = whole("D", "a depth per position instead of a node budget (engines without go nodes)");

/** `--resamples B`: bootstrap resamples. */
export const RESAMPLES = whole("B", "bootstrap resamples", { defaultText: "the profile's" });

/** `--openings position|moves`: what makes opening lines differ. */
export const OPENINGS = text(
  "RULE",
  "what makes the opening lines of a position differ (position: no two games of it start from one position after their openings; moves: the rule of designs begun before)",
  { choices: OPENING_DISTINCT, defaultText: "position for new games; a games file being resumed keeps its own" },
);

/** `--shard i/n`: the i-th of n shards (0-based). */
export const SHARD = valueOf("i/n", "run only shard i of n (0-based), to merge later", (t) => parseShard(t));

/** `--outcomes NAME`: an outcome table (`deno task outcomes --list`). */
export const OUTCOMES = text("NAME", "an outcome table (see deno task outcomes --list)");

/** `--dir DIR`: a self-play folder instead of the profile's (a file there is a usage error; a missing folder is the command's to name). */
export const SELFPLAY_DIR = valueOf("DIR", "the self-play folder", (t, option) => {
  let isFile = false;
  try {
    isFile = !Deno.statSync(t).isDirectory;
  } catch {
    // missing: the command says which file it looked for
  }
  if (isFile) {
    throw new UsageError(`--${option} ${t}: is a file, not a folder; give the self-play folder that holds games.jsonl`);
  }
  return t;
}, { defaultText: "the profile's selfplay/" });

/** The start position of positional words (a FEN has spaces), or a usage error saying what to give. */
export function positionWords(words: string[]): StartPosition {
  if (words.length === 0) {
    throw new UsageError("missing position: give an SP number 0..959, a back rank such as RNBQKBNR, or a FEN");
  }
  return positionArg(words.join(" "));
}

/** The positional words of a command that takes one start position. */
export const POSITION_WORDS = {
  value: "SP|BACKRANK|FEN",
  help: "the start position: an SP number 0..959, a back rank or a FEN",
  required: true,
} as const;

/** The profile of `--profile` and `--engine` for a command that reads its results (the engine need not be installed). */
export function resultsProfile(
  values: { profile?: string; engine?: string },
  overrides: ProfileOverrides = {},
): Profile {
  return profileAndEngine(values.profile, overrides, values.engine, { requireBinary: false }).profile;
}
