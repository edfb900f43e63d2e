/**
 * What every output a person reads says about itself: the budgets in words, the UCI options with one type per
 * option, and the banner that marks results computed at budgets other than the method's.
 *
 * @module
 */

import { formatLimit, type SearchLimit } from "../engine/mod.ts";
import { isMethodSelfplay, PROFILES, type SelfplayBudget } from "./profiles.ts";
import { fixedNonZero, int } from "../core/mod.ts";

/** A self-play design's budgets as the labels say them: positions, games per position, nodes per move. */
export type DesignBudget = Pick<SelfplayBudget, "positions" | "games" | "nodesPerMove">;

/** The budgets behind a result: profile (results key, `quick~eval8000000`), stage-1 limit, self-play, engine name. */
export interface BudgetFacts {
  profile: string;
  evalLimit: SearchLimit;
  selfplay?: DesignBudget;
  /** Other self-play designs shown with the result (a dataset page's validation designs). */
  designs?: readonly DesignBudget[];
  engine?: string;
}

/** A correlation as computed or read from a file: its estimate (NaN, or null in JSON, when not defined) and why not. */
export interface RhoEstimate {
  rho: number | null;
  /** Why it is not defined (e.g. "every position scored the same"); absent when it is, and in older files. */
  not_defined?: string;
}

/** True when a correlation's estimate is a number (not NaN, not null). */
export function rhoDefined(c: RhoEstimate): boolean {
  return typeof c.rho === "number" && Number.isFinite(c.rho);
}

/** A correlation's estimate for people: the number (`format`; `fixedNonZero(x, 3)`), or "not defined: <why>". */
export function rhoText(c: RhoEstimate, format: (x: number) => string = (x) => fixedNonZero(x, 3)): string {
  return rhoDefined(c) ? format(c.rho as number) : `not defined: ${c.not_defined ?? "a column holds one value"}`;
}

/**
 * A correlation with its interval, `0.123 [-0.100, 0.300]`: `marks` go before the interval, between its ends and
 * after it, `format` writes each number (as {@link rhoText}); where the correlation is not defined, only why.
 */
export function rhoInterval(
  c: RhoEstimate,
  ci: readonly [number | null, number | null],
  marks: readonly [string, string, string] = [" [", ", ", "]"],
  format: (x: number) => string = (x) => fixedNonZero(x, 3),
): string {
  if (!rhoDefined(c)) return rhoText(c);
  const [open, between, close] = marks;
  return `${format(c.rho as number)}${open}${format(ci[0] as number)}${between}${format(ci[1] as number)}${close}`;
}

/** An engine's bench fingerprint as people read it: `2,030,154`, or `not measured`. */
export function fingerprintValue(fingerprint: number | null | undefined): string {
  return fingerprint === null || fingerprint === undefined ? "not measured" : int(fingerprint);
}
const METHOD = PROFILES.full;

/** The method's stage-1 budget in words: `400,000,000 nodes per position`. */
export const METHOD_EVAL_TEXT = `${int(METHOD.evalNodes)} nodes per position`;

/** The method's self-play design in words. */
export const METHOD_SELFPLAY_TEXT = selfplayBudgetText(METHOD.selfplay);

/** True when a stage-1 limit is the method's node budget. */
const isMethodEval = (limit: SearchLimit) => "nodes" in limit && limit.nodes === METHOD.evalNodes;

/** True when the facts are the method's budgets (stage 1 and, when given, every self-play design). */
export function isMethodBudgets(f: BudgetFacts): boolean {
  return isMethodEval(f.evalLimit) && selfplayOf(f).every(isMethodSelfplay);
}

/** The self-play designs of the facts: the result's own first, then the others shown with it. */
function selfplayOf(f: BudgetFacts): DesignBudget[] {
  return [...(f.selfplay ? [f.selfplay] : []), ...(f.designs ?? [])];
}

/**
 * What of a result is not at the method's budgets, in words: `values at 8,000,000 nodes per position`, a self-play
 * design (`60 × 50 games at 30,000 nodes/move`) or both joined by "and"; null at the method's budgets.
 */
export function offMethodText(f: BudgetFacts): string | null {
  const off = [
    isMethodEval(f.evalLimit) ? null : `values at ${evalBudgetText(f.evalLimit)}`,
    ...selfplayOf(f).map((sp) => isMethodSelfplay(sp) ? null : selfplayBudgetText(sp)),
  ].filter((x): x is string => x !== null);
  return off.length ? off.join(" and ") : null;
}

/** The stage-1 budget in words: `125,000 nodes per position` or `depth 14 per position`. */
export function evalBudgetText(limit: SearchLimit): string {
  return `${formatLimit(limit)} per position`;
}

/**
 * A stage-1 budget as given: a search limit, or its words with or without " per position" (`8,000,000 nodes`), as
 * the files and page data carry it.
 */
export type BudgetWords = SearchLimit | string;

/** The budget's limit in words: `8,000,000 nodes`. */
const limitWords = (b: BudgetWords) => typeof b === "string" ? b.replace(/ per position$/, "") : formatLimit(b);

/**
 * A stage-1 dataset as labels, captions and table cells name it: `Stockfish 17.1, 8,000,000 nodes per position`; an
 * engine whose name already holds its limit (the depth-32 peer, `Stockfish 17.1 (eval960, depth 32)`) is named alone.
 */
export function datasetLabel(engine: string, budget: BudgetWords): string {
  return withBudget(engine, budget, ", ");
}

/** The same dataset inside a sentence: `Stockfish 17.1 at 8,000,000 nodes per position`. */
export function datasetPhrase(engine: string, budget: BudgetWords): string {
  return withBudget(engine, budget, " at ");
}

/** An engine and its stage-1 budget joined by `between`, or the engine alone when its name holds the budget. */
function withBudget(engine: string, budget: BudgetWords, between: string): string {
  const words = limitWords(budget);
  // a budget that says "per position" inside (`depth 32 per position (5.5–87 million nodes, …)`) is not told twice
  return engine.includes(words)
    ? engine
    : `${engine}${between}${words}${/ per position\b/.test(words) ? "" : " per position"}`;
}

/** A self-play design in words: `24 × 8 games at 4,000 nodes/move`. */
export function selfplayBudgetText(sp: DesignBudget): string {
  return `${sp.positions} × ${sp.games} games at ${int(sp.nodesPerMove)} nodes/move`;
}

/** The budgets in one line, each beside the method's. */
export function formatBudgets(f: BudgetFacts): string {
  // "the method: 400,000,000" beside a node budget; with a depth the unit is said.
  const unit = "nodes" in f.evalLimit ? "" : " nodes";
  const parts = [`${evalBudgetText(f.evalLimit)} (the method: ${int(METHOD.evalNodes)}${unit})`];
  for (const sp of selfplayOf(f)) parts.push(`self-play ${selfplayBudgetsText(sp)}`);
  return parts.join("; ");
}

/**
 * A self-play design beside the method's: `60 × 50 games at 30,000 nodes/move (the method: 60 × 50 at 300,000)`;
 * the method's own design is said to be it, never listed as a difference from itself.
 */
export function selfplayBudgetsText(sp: DesignBudget): string {
  const m = METHOD.selfplay;
  if (isMethodSelfplay(sp)) return `${selfplayBudgetText(sp)} (the method's design)`;
  return `${selfplayBudgetText(sp)} (the method: ${m.positions} × ${m.games} at ${int(m.nodesPerMove)})`;
}

/**
 * The banner for results not at the method's budgets (null when they are): "quick profile — 125,000 nodes per
 * position (the method: 400,000,000); self-play … — not the method's results; cite with engine, fingerprint and
 * budget"; with `key: false` and an engine, the engine in place of the profile's key.
 */
export function budgetBanner(f: BudgetFacts, opts: { key?: boolean } = {}): string | null {
  if (isMethodBudgets(f)) return null;
  // a page names the dataset in readers' words only (its results key is in its file links); files keep the key
  const who = opts.key === false && f.engine ? f.engine : `${f.profile} profile${f.engine ? ` (${f.engine})` : ""}`;
  return `${who} — ${formatBudgets(f)} — not the method's results; cite with engine, fingerprint and budget`;
}

/** A UCI option value with one type: numbers and booleans as such, whatever the file stored (`"256"` → 256). */
export function optionValue(v: unknown): string | number | boolean {
  if (typeof v === "number" || typeof v === "boolean") return v;
  const s = String(v);
  if (s === "true" || s === "false") return s === "true";
  return /^-?\d+$/.test(s) ? Number(s) : s;
}

/** UCI options for people: `Threads 1 · Hash 256 MB · UCI_Chess960 true`. */
export function formatOptions(options: Record<string, unknown>): string {
  return Object.entries(options).map(([k, v]) => `${k} ${optionValue(v)}${k === "Hash" ? " MB" : ""}`).join(" · ");
}
