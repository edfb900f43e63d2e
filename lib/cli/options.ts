/**
 * The options several commands take, declared once (a command narrows one's help with `{ ...OUT_FILE, help: "…" }`), so
 * that a shared option parses, defaults and reads alike everywhere; and the selection `draw` and `book` share.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { DEFAULT_ENGINE_ID, ENGINE_ENV, NATIVE_ENGINE_ID } from "../engine/mod.ts";
import {
  type Condition,
  parseExclusions,
  parsePosition,
  parseSpList,
  PositionError,
  type Profile,
  type ProfileOverrides,
  PROFILES,
  type StartPosition,
} from "../method/mod.ts";
import { profileAndEngine } from "../runs/mod.ts";
import { parseShard } from "../store/mod.ts";
import { OPENING_DISTINCT } from "../selfplay/mod.ts";
import { spOfSetup } from "../analysis/mod.ts";
import { flag, text, UsageError, userPath, valueOf, whole, wholeNumber } from "./command.ts";

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
export const OUT_FILE = valueOf("FILE", "write to this file instead", (t, o) => outputPath(o, t, false));

/** `--out DIR`: an output folder; it or its parent must exist. */
export const OUT_DIR = valueOf("DIR", "write into this folder instead", (t, o) => outputPath(o, t, true));

/** The positional words of a command that takes one start position. */
export const POSITION_WORDS = {
  value: "SP|BACKRANK|FEN",
  help: "the start position: an SP number 0..959, a back rank or a FEN",
  required: true,
} as const;

/** `--sp SP|BACKRANK|FEN`: the one start position a command is about (required). */
export const POSITION = valueOf(POSITION_WORDS.value, POSITION_WORDS.help, (t) => positionArg(t), { required: true });

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

/** `--dir DIR`: a self-play folder instead of the profile's (a missing folder is the command's to name). */
export const SELFPLAY_DIR = valueOf("DIR", "the self-play folder", (t, option) => {
  if (statOrUndefined(t)?.isDirectory === false) {
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

/** The profile of `--profile` and `--engine` for a command that reads results (the engine need not be installed). */
export function resultsProfile(
  values: { profile?: string; engine?: string },
  overrides: ProfileOverrides = {},
): Profile {
  return profileAndEngine(values.profile, overrides, values.engine, { requireBinary: false }).profile;
}

/** A start position the user typed (SP, back rank or FEN); a bad one is a usage error (exit 2). */
export function positionArg(text: string): StartPosition {
  try {
    return parsePosition(text);
  } catch (e) {
    if (e instanceof PositionError) throw new UsageError(e.message);
    throw e;
  }
}

/**
 * An output the user named, resolved like {@link userPath}: a file (not a folder) in an existing folder, or a folder
 * (not a file) that exists or whose parent does.
 */
function outputPath(option: string, path: string, folder: boolean): string {
  const p = userPath(path);
  const self = statOrUndefined(p);
  if (folder && self && !self.isDirectory) throw new UsageError(`--${option} ${path}: is a file, not a directory`);
  if (!folder && self?.isDirectory) {
    throw new UsageError(`--${option} ${path}: is a directory; give a file name (e.g. ${join(path, "evals.jsonl")})`);
  }
  if (!self && !statOrUndefined(dirname(p))?.isDirectory) {
    throw new UsageError(`--${option} ${path}: the directory ${dirname(p)} does not exist (create it first)`);
  }
  return p;
}

function statOrUndefined(path: string): Deno.FileInfo | undefined {
  try {
    return Deno.statSync(path);
  } catch {
    return undefined;
  }
}

/** The MBI a draw or book keeps at least when no condition is given (about the most balanced tenth). */
const DEFAULT_MIN_MBI = 90;

/** The options of `draw` and `book`: the index, the balance condition and the exclusions. */
export const SELECTION_OPTIONS = {
  profile: { ...PROFILE, defaultText: "the best index here (the largest complete budget of the reference engine)" },
  "min-mbi": whole("N", "keep positions with an MBI of at least N (0..100)", {
    min: 0,
    defaultText: `${DEFAULT_MIN_MBI} when --max-edge is not given`,
  }),
  "max-edge": whole("CP", "keep positions whose edge |eval| is at most CP centipawns", { min: 0 }),
  exclude: text(
    "SP,...",
    "leave out these positions: SP numbers or back ranks, comma-separated (e.g. 518,534,RNBQKBNR)",
  ),
} as const;

/** The condition and the excluded SPs from the parsed options; a bad value is a usage error naming it. */
export function selection(
  values: { "min-mbi"?: number; "max-edge"?: number; exclude?: string },
): { condition: Condition; exclude: number[] } {
  const minMbi = values["min-mbi"], maxEdge = values["max-edge"];
  if (minMbi !== undefined && minMbi > 100) throw new UsageError(`--min-mbi ${minMbi}: the MBI runs 0..100`);
  const condition: Condition = minMbi === undefined && maxEdge === undefined
    ? { minMbi: DEFAULT_MIN_MBI }
    : { ...(minMbi !== undefined ? { minMbi } : {}), ...(maxEdge !== undefined ? { maxEdge } : {}) };
  const { sps, bad } = parseExclusions(values.exclude ?? "", spOfSetup);
  if (bad !== null) {
    throw new UsageError(
      `--exclude: "${bad.slice(0, 40)}" is neither an SP number (0..959) nor a back rank (8 letters of K, Q, R, B, N)`,
    );
  }
  return { condition, exclude: sps };
}
