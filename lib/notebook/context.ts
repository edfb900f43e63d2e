/**
 * What every notebook says about itself: the profile's engine and budgets (from the result files when they exist,
 * else the profile and the engine registry), the banner when they are not the method's, and its captions.
 *
 * @module
 */

import { budgetBanner, type BudgetFacts, evalBudgetText, formatBudgets, type Profile } from "../method/mod.ts";
import { evalFilePath, profileDir, readEvalDataset, selfplayDir } from "../store/mod.ts";
import { type EngineEntry, resolveEngine, type SearchLimit } from "../engine/mod.ts";
import { evalLimit } from "../runs/mod.ts";
import {
  gamesPath,
  readGames,
  readSelfplayResults,
  runSelfplay,
  selfplayBudget,
  type SelfplayStageOptions,
} from "../selfplay/mod.ts";
import { captionLine } from "../plot/mod.ts";
import { type Html, int, markup, MbiError } from "../core/mod.ts";
import { bannerBox, type Displayable, html, stopHere } from "./display.ts";
import { shower, type ShowOptions } from "./show.ts";
import type { DataFrame, Series } from "./frames.ts";

/** A notebook's profile with its engine and budgets, for banners and captions. */
export interface NotebookContext {
  profile: Profile;
  /** The registry entry of the profile's engine (the reference engine's default build for a reference profile). */
  engine: EngineEntry;
  /** Engine name as recorded in the dataset (the registry's before stage 1 ran). */
  engineName: string;
  /** The registry id of the engine that made the dataset (the profile's engine's before stage 1 ran). */
  datasetEngineId: string;
  /** Stage 1–3 facts: profile, engine, search limit. */
  facts: BudgetFacts;
  /** The same with the self-play design (the recorded one when self-play ran, else the profile's). */
  selfplayFacts: BudgetFacts;
  /** False for an engine that honours only depth limits: self-play is defined by nodes per move. */
  hasSelfplay: boolean;
  /** The profile's self-play games still to play, when stage 4 is not complete (null when it is). */
  selfplayLeft: SelfplayLeft | null;
  /** Shows a frame in an analyst's cell (see {@link shower}; `{ selfplay: true }` adds the self-play budget). */
  show: (df: DataFrame | Series, title: string, opts?: ShowOptions & { selfplay?: boolean }) => Displayable;
}

/** How much of a profile's self-play is still to play: games done and planned, search nodes left (estimated). */
export type SelfplayLeft = { done: number; planned: number; nodes: number };

/** Plies of a self-play game, for estimates (measured: 121 on average in the quick profile's games, 114 at 30,000 nodes per move, 98 in the first 649 at 300,000). */
export const PLIES_PER_GAME = 120;

/**
 * The most search a notebook starts by itself (nodes): the quick profile's self-play (about 9 × 10⁷) runs in it; a
 * design of hours (60 × 50 games at 30,000 nodes per move, about 10¹⁰) is left to `deno task selfplay`.
 */
export const NOTEBOOK_NODES = 1e9;

/** What is left of the profile's stage 4 (null when complete: `selfplay.json` exists). */
async function selfplayLeft(profile: Profile, results: boolean): Promise<SelfplayLeft | null> {
  if (results) return null;
  const games = await readGames(gamesPath(selfplayDir(profile))).catch(() => undefined);
  const c = games?.header.config;
  const done = games?.records.length ?? 0;
  const planned = c ? c.positions.length * c.games : profile.selfplay.positions * profile.selfplay.games;
  const perMove = c?.nodes_per_move ?? profile.selfplay.nodesPerMove;
  return { done, planned, nodes: Math.max(0, planned - done) * PLIES_PER_GAME * perMove };
}

/** Reads what the profile's result files say about engine and budgets (falling back to the profile and registry). */
export async function notebookContext(profile: Profile): Promise<NotebookContext> {
  const engine = resolveEngine(profile.engine ?? undefined, { requireBinary: false }).entry;
  const dataset = await readEvalDataset(evalFilePath(profileDir(profile))).catch(() => undefined);
  let limit: SearchLimit;
  try {
    limit = dataset?.header.config.limit ?? evalLimit(profile, engine);
  } catch {
    limit = { nodes: profile.evalNodes }; // an engine without a budget for this profile: stage 1 will say so
  }
  const engineName = dataset?.header.engine.uci_name ?? engine.name;
  const facts: BudgetFacts = { profile: profile.name, engine: engineName, evalLimit: limit };
  // the budgets a notebook is about; a damaged file is refused by the stage checks the notebook runs next
  const sp = await readSelfplayResults(profile).catch(() => undefined);
  const { positions, games, nodesPerMove } = profile.selfplay;
  const selfplay = sp?.config ? selfplayBudget(sp) : { positions, games, nodesPerMove };
  const selfplayFacts = { ...facts, selfplay };
  const [show, showSelfplay] = [shower(facts), shower(selfplayFacts)];
  return {
    profile,
    engine,
    engineName,
    datasetEngineId: dataset?.header.engine.id ?? engine.id,
    facts,
    selfplayFacts,
    show: (df, title, opts = {}) => (opts.selfplay ? showSelfplay : show)(df, title, opts),
    hasSelfplay: engine.limit === "nodes",
    selfplayLeft: await selfplayLeft(profile, sp !== undefined),
  };
}

/** The caption line of a figure or table: profile, engine, budget(s) and n. */
export const caption = (ctx: NotebookContext, n: number, unit = "positions", withSelfplay = false): string =>
  captionLine(withSelfplay ? ctx.selfplayFacts : ctx.facts, n, unit);

/**
 * The top of a self-play notebook (04, 05): the banner with the self-play budgets; it ends a headless run for an
 * engine that honours only depth limits (no self-play) and for a design too long to play in a notebook.
 */
export function selfplayBanner(ctx: NotebookContext): Displayable {
  const long = longRun(ctx);
  if (ctx.hasSelfplay && long) return stopHere(markup`${banner(ctx, true).markup}<p>${long}</p>`, long);
  if (ctx.hasSelfplay) return bannerView(ctx, true);
  return stopHere(
    markup`${banner(ctx, false).markup}<p><b>No self-play for ${ctx.engineName}:</b> it honours only depth limits (${
      evalBudgetText(ctx.facts.evalLimit)
    }), and self-play is defined by a node budget per move. The rest of this notebook applies to engines that take <code>go nodes</code>; this engine's index is compared with the others in notebook 06.</p>`,
    `no self-play for ${ctx.engineName} (depth limits only)`,
  );
}

/** Why a notebook does not play what is left of the self-play when it exceeds {@link NOTEBOOK_NODES}, with the command. */
export function longRun(ctx: Pick<NotebookContext, "profile" | "selfplayLeft">): string | undefined {
  const left = ctx.selfplayLeft;
  if (!left || left.nodes <= NOTEBOOK_NODES) return undefined;
  const [mantissa, exponent] = left.nodes.toExponential(1).split("e+");
  const power = [...exponent].map((d) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[Number(d)]).join("");
  return `${left.done ? `Being played: ${int(left.done)} of ${int(left.planned)} games so far` : "Not played yet"}` +
    ` (about ${mantissa} × 10${power} search nodes left). A notebook does not start a run this long: ` +
    `deno task selfplay --profile ${ctx.profile.name} plays it (resumable, with its rate and time left), ` +
    "and this notebook shows the games once they are complete.";
}

/** Stage 4 for a notebook: resumes it when what is left is short, else throws the reason {@link longRun} gives. */
export async function notebookSelfplay(ctx: NotebookContext, onProgress?: SelfplayStageOptions["onProgress"]) {
  const long = longRun(ctx);
  if (long) throw new MbiError("stage-input", long);
  return await runSelfplay({ profile: ctx.profile, onProgress });
}

/** The banner's markup and its plain text: "not the method's results" with the budgets, or that they are the method's. */
function banner(ctx: NotebookContext, withSelfplay: boolean): { markup: Html; plain: string } {
  const facts = withSelfplay && ctx.hasSelfplay ? ctx.selfplayFacts : ctx.facts;
  const text = budgetBanner(facts);
  return text === null
    ? {
      markup: bannerBox(true, markup`<b>The method's budgets</b> — ${formatBudgets(facts)}; engine ${ctx.engineName}.`),
      plain: `the method's budgets: ${formatBudgets(facts)}`,
    }
    // in readers' words: the engine and budgets, said once (the banner's text names the key and repeats the words)
    : {
      markup: bannerBox(
        false,
        markup`<b>Not the method's results.</b> ${ctx.engineName}, ${
          formatBudgets(facts)
        }; cite with engine, fingerprint and budget.`,
      ),
      plain: text,
    };
}

/** The banner at the top of a notebook: "not the method's results" with the budgets, or that they are the method's. */
export function bannerView(ctx: NotebookContext, withSelfplay = false): Displayable {
  const b = banner(ctx, withSelfplay);
  return html(b.markup, b.plain);
}
