/**
 * The results key: how a profile with its budget overrides and its engine is named, and where its files live:
 *
 *     <profile>[~eval<N>|~depth<D>][~pos<P>][~games<G>][~move<M>][~boot<B>][@<engine>]
 *
 * Only the stage-1 part (profile, eval or depth, engine) names the folder under `results/`; later overrides name
 * files inside it (`selfplay~games2/`, `summary~games2~boot50.json`), so changing them never asks to redo stage 1.
 *
 * @module
 */

import { join } from "node:path";
import { MbiError, repoPath } from "../core/mod.ts";
import { builtinProfile, type Profile, type ProfileOverrides } from "../method/mod.ts";

/** Environment variable naming another results root (tests use a temporary folder). */
export const RESULTS_ENV = "MBI_RESULTS_DIR";

/** The results root: `$MBI_RESULTS_DIR`, else `results/` in the repository. */
export const resultsRoot = (): string => Deno.env.get(RESULTS_ENV) || repoPath("results");

/** A parsed results key: the built-in profile, the budget overrides, the engine tag (null: the reference engine). */
export interface ResultsKey {
  profile: string;
  overrides: ProfileOverrides;
  engine: string | null;
}

type Stage = "eval" | "selfplay" | "stats";

/** Tags in their canonical order, with the override each sets and the stage it belongs to. */
const TAGS: readonly { tag: string; key: keyof ProfileOverrides; stage: Stage }[] = [
  { tag: "eval", key: "evalNodes", stage: "eval" },
  { tag: "depth", key: "evalDepth", stage: "eval" },
  { tag: "pos", key: "selfplayPositions", stage: "selfplay" },
  { tag: "games", key: "games", stage: "selfplay" },
  { tag: "move", key: "nodesPerMove", stage: "selfplay" },
  { tag: "boot", key: "resamples", stage: "stats" },
];

const ENGINE_TAG = /^[A-Za-z0-9][\w.-]*$/;
const ENGINE_TAG_RULE = "letters, digits, . _ - (starting with a letter or digit)";

/** Parses a key such as `quick~eval2000000@sf18-wasm`; throws a `profile` MbiError naming the bad part. */
export function parseKey(name: string): ResultsKey {
  const at = name.split("@");
  if (at.length > 2) throw new MbiError("profile", `profile "${name}": more than one "@engine" part`);
  const engine = at.length === 2 ? at[1] : null;
  if (engine !== null && !ENGINE_TAG.test(engine)) {
    throw new MbiError("profile", `profile "${name}": engine tag "${engine}" may hold only ${ENGINE_TAG_RULE}`);
  }
  const [profile, ...tags] = at[0].split("~");
  builtinProfile(profile); // unknown names fail here
  const overrides: ProfileOverrides = {};
  for (const t of tags) {
    const m = /^([a-z]+)(\d+)$/.exec(t);
    const spec = m && TAGS.find((x) => x.tag === m[1]);
    if (!m || !spec) {
      const allowed = `${TAGS.map((x) => x.tag).join(", ")} + a number`;
      throw new MbiError("profile", `profile "${name}": "${t}" is not a budget tag (${allowed})`);
    }
    overrides[spec.key] = checkBudget(`profile "${name}": ${spec.tag}`, Number(m[2]));
  }
  if (overrides.evalNodes !== undefined && overrides.evalDepth !== undefined) {
    throw new MbiError("profile", `profile "${name}": a node budget and a depth budget at once`);
  }
  return { profile, overrides, engine };
}

/** The key `name` with later-stage tags (`~pos60~games50`, as in a summary file's name) put in their place. */
export function designKey(name: string, tags: string): string {
  const key = parseKey(name);
  const extra = parseKey(`${key.profile}${tags}`);
  return formatKey({ ...key, overrides: { ...key.overrides, ...extra.overrides } });
}

/** Checks a budget like a command-line flag: a whole number >= 1. */
export function checkBudget(what: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new MbiError("profile", `${what} ${value}: expected a whole number >= 1`);
  }
  return value;
}

/** Formats a key (canonical tag order; overrides equal to the profile's budget are dropped). */
export function formatKey(key: ResultsKey, parts: "all" | "eval" = "all"): string {
  const stages: Stage[] = parts === "all" ? ["eval", "selfplay", "stats"] : ["eval"];
  return key.profile + tagSuffix(key, stages) + (key.engine ? `@${key.engine}` : "");
}

/** The key's tags of these stages that differ from its profile's budgets, as a suffix (`""`, `~games2~boot50`). */
function tagSuffix(key: ResultsKey, stages: Stage[]): string {
  const base = builtinProfile(key.profile);
  return TAGS.filter((t) => stages.includes(t.stage)).map((t) => {
    const v = key.overrides[t.key];
    return v === undefined || v === budgetOf(base, t.key) ? "" : `~${t.tag}${v}`;
  }).join("");
}

function budgetOf(p: Profile, k: keyof ProfileOverrides): number | null {
  const { evalNodes, evalDepth, resamples } = p;
  const { positions: selfplayPositions, games, nodesPerMove } = p.selfplay;
  return { evalNodes, evalDepth, selfplayPositions, games, nodesPerMove, resamples }[k];
}

function applyOverrides(base: Profile, o: ProfileOverrides): Profile {
  const p = structuredClone(base);
  const s = p.selfplay;
  const { evalNodes = p.evalNodes, evalDepth = p.evalDepth, resamples = p.resamples } = o;
  const { selfplayPositions: positions = s.positions, games = s.games, nodesPerMove = s.nodesPerMove } = o;
  return { ...p, evalNodes, evalDepth, resamples, selfplay: { ...s, positions, games, nodesPerMove } };
}

/** The profile name used when none is given: `$MBI_PROFILE`, else `quick`. */
export const defaultProfileName = (): string => Deno.env.get("MBI_PROFILE") || "quick";

/** The profile a key names, `overrides` on top, named by its canonical key; an `engine` must agree with the key's. */
export function getProfile(
  name = defaultProfileName(),
  overrides: ProfileOverrides = {},
  engine?: string | null,
): Profile {
  const key = parseKey(name);
  if (engine && key.engine && engine !== key.engine) {
    throw new MbiError("profile", `profile "${name}" belongs to engine ${key.engine}, not ${engine}`);
  }
  if (engine !== undefined && engine !== null && !ENGINE_TAG.test(engine)) {
    throw new MbiError("profile", `engine tag "${engine}": only ${ENGINE_TAG_RULE}`);
  }
  const given = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as ProfileOverrides;
  for (const [k, v] of Object.entries(given)) checkBudget(`--${k}`, v as number);
  const merged: ResultsKey = {
    profile: key.profile,
    overrides: { ...key.overrides, ...given },
    engine: engine ?? key.engine,
  };
  if (given.evalNodes !== undefined) delete merged.overrides.evalDepth;
  if (given.evalDepth !== undefined) delete merged.overrides.evalNodes;
  const p = applyOverrides(builtinProfile(key.profile), merged.overrides);
  p.name = formatKey(merged);
  p.engine = merged.engine;
  return p;
}

/** The profile's built-in base name (`quick` for `quick~eval2000000@sf18-wasm`). */
export const baseProfileName = (profile: Profile): string => parseKey(profile.name).profile;

/** The name of the profile's stage-1 folder: profile, eval/depth budget and engine (`quick~eval2000000@sf18-wasm`). */
export const evalFolderName = (profile: Profile): string => formatKey(parseKey(profile.name), "eval");

/** Absolute path of a profile's results folder (stages 1–3, and the self-play and summary files). */
export const profileDir = (profile: Profile): string => join(resultsRoot(), evalFolderName(profile));

/** The self-play and bootstrap tags of a profile, as a file-name suffix (`""`, `~games2`, `~games2~boot50`). */
const laterTags = (profile: Profile, stages: Stage[]) => tagSuffix(parseKey(profile.name), stages);

/** Folder of a profile's self-play files: `selfplay`, or `selfplay~games2…` for self-play overrides. */
export const selfplayDir = (profile: Profile): string =>
  join(profileDir(profile), `selfplay${laterTags(profile, ["selfplay"])}`);

/** The stage-5 summary file: `summary.json`, or `summary~games2~boot50.json` for overrides. */
export const summaryPath = (profile: Profile): string =>
  join(profileDir(profile), `summary${laterTags(profile, ["selfplay", "stats"])}.json`);

/** What the site step, notebooks and `reproduce` write for people into a profile folder, tagged like the summary. */
export function publishedPaths(profile: Profile): { site: string; card: string; notebooks: string; reproduce: string } {
  const tags = laterTags(profile, ["selfplay", "stats"]);
  const dir = profileDir(profile);
  return {
    site: join(dir, `site${tags}`),
    card: join(dir, `DATASET${tags}.md`),
    notebooks: join(dir, `notebooks${tags}`),
    reproduce: join(dir, `reproduce${tags}.json`),
  };
}

/** True for a path (relative to a profile folder) that {@link publishedPaths} names for some profile. */
export function isPublishedOutput(relativePath: string): boolean {
  return /^((site|notebooks)(~[a-z]+\d+)*\/|DATASET(~[a-z]+\d+)*\.md$|reproduce(~[a-z]+\d+)*\.json$)/.test(
    relativePath,
  );
}
