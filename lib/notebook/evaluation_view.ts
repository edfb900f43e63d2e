/**
 * What notebook 01 shows: the stage-1 settings beside the method's, the check of the profile's engine, running or
 * resuming stage 1, and raw engine output.
 *
 * @module
 */

import {
  baseProfileName,
  displayPath,
  type EvalDataset,
  evalFilePath,
  profileDir,
  readEvalDataset,
} from "../store/mod.ts";
import {
  defaultEngineId,
  ENGINE_ENV,
  type EngineIdentity,
  engineIdentity,
  launchEngine,
  loadRegistry,
  NATIVE_ENGINE_ID,
  resolveEngine,
} from "../engine/mod.ts";
import { evalBudgetText, fingerprintValue, formatOptions, METHOD_EVAL_TEXT, type Profile } from "../method/mod.ts";
import { loadEvaluations, runEvaluation } from "../evaluation/mod.ts";
import { type Progress } from "../runs/mod.ts";
import type { NotebookContext } from "./context.ts";
import { joinHtml, markup, num } from "../core/mod.ts";
import { PALETTE } from "../plot/mod.ts";
import { type Displayable, html, htmlKeyValues } from "./display.ts";

/** The profile's stage-1 settings next to the method's. */
export function settingsView(ctx: NotebookContext): Displayable {
  const p = ctx.profile;
  const base = baseProfileName(p);
  // a derived profile (other budgets or engine) is not its base: say what it takes from it
  const what = p.name === base
    ? p.description
    : `the ${base} profile with other budgets or another engine (stage 1's below)`;
  // the engine that made the dataset; a run resumed here may use another build of it (the check below compares them)
  const resumed: [string, string][] = ctx.datasetEngineId === ctx.engine.id
    ? []
    : [["a run resumed here", `${ctx.engine.name} (registry id ${ctx.engine.id})`]];
  return html(
    htmlKeyValues([
      ["profile", `${p.name} — ${what}`],
      ["engine", `${ctx.engineName} (registry id ${ctx.datasetEngineId}; ${ctx.engine.limit} limit)`],
      ...resumed,
      ["positions", `${p.positions.length}`],
      ["budget", `${evalBudgetText(ctx.facts.evalLimit)} (the method: ${METHOD_EVAL_TEXT})`],
      ["UCI options", formatOptions(ctx.engine.options ?? loadRegistry().method_options)],
      ["before every position", "ucinewgame + isready (positions independent, order irrelevant)"],
      ["value", "last completed iteration; the interrupted one is dropped; White's point of view"],
    ], "Stage 1 settings"),
  );
}

/**
 * The engine a profile's notebook checks, with the reason in words: another engine's results' own engine
 * (`quick@sf18-wasm` → `sf18-wasm`); else `$MBI_ENGINE`, else the native build when built, else the WASM build.
 */
export function engineToCheck(profile: Profile): { id: string; why: string } {
  if (profile.engine) return { id: profile.engine, why: `the engine of the ${profile.name} results` };
  const env = Deno.env.get(ENGINE_ENV);
  if (env) return { id: env, why: `named by $${ENGINE_ENV}` };
  const id = defaultEngineId();
  return {
    id,
    why: id === NATIVE_ENGINE_ID
      ? "the native build of the reference engine, used because it has been built here (same search, same fingerprint as the WASM build)"
      : "the embedded WASM build of the reference engine (the native build is not built here: deno task engine-build-native)",
  };
}

/**
 * Whether the dataset was computed by the build just checked, by another build with the same fingerprint (the same
 * search, so the same values) or by another engine; empty before the dataset's first position.
 */
export function datasetEngineSentence(
  recorded: { sha256: string; fingerprint: number | null } | undefined,
  checked: { sha256: string; fingerprint: number | null },
): string {
  if (!recorded) return "";
  if (recorded.sha256 === checked.sha256) return " The dataset was computed by this very build.";
  return recorded.fingerprint !== null && recorded.fingerprint === checked.fingerprint
    ? " The dataset was computed by another build with the same fingerprint: the same search, so the same values."
    : recorded.fingerprint === null
    ? " The dataset was computed by another build, one without a fingerprint: nothing says it searches the same."
    : " The dataset was computed by an engine with another fingerprint: values from this build would differ.";
}

/**
 * Starts the profile's engine, measures its identity and fingerprint, and says whether it matches the MBI reference
 * and the registry's; an engine not installed here is reported with the dataset's recorded identity (nothing fails).
 */
export async function engineCheck(ctx: NotebookContext): Promise<{ identity?: EngineIdentity; view: Displayable }> {
  const { id, why } = engineToCheck(ctx.profile);
  const int = fingerprintValue;
  const ref = `Stockfish 17.1, ${int(loadRegistry().reference_fingerprint)} nodes`;
  // the engine the dataset records (absent before its first position), set beside the one checked now
  const recorded = await readEvalDataset(evalFilePath(profileDir(ctx.profile))).catch(() => undefined);
  const r = recorded?.header.engine;
  let resolved;
  try {
    resolved = resolveEngine(id);
  } catch (e) {
    return {
      view: html(
        markup`<p>Engine <b>${id}</b> (${why}) cannot be started here: ${(e as Error).message}.</p>${
          r &&
          markup`<p>The dataset records ${r.uci_name}, fingerprint ${int(r.fingerprint)} nodes (build SHA-256 ${
            r.sha256.slice(0, 16)
          }…).</p>`
        }`,
        `engine ${id} not available`,
      ),
    };
  }
  const engine = await launchEngine(resolved);
  try {
    const identity = await engineIdentity(resolved, engine);
    const expected = resolved.entry.fingerprint;
    const reference = identity.matches_reference
      ? markup`<b style="color:${PALETTE.published}">matches</b> the MBI reference engine (${ref})`
      : markup`<b>differs from</b> the MBI reference engine's (${ref}): this engine's results live in their own folder and are compared with the reference in notebook 06`;
    const registry = expected === undefined
      ? "the registry records no fingerprint for this engine"
      : identity.fingerprint === expected
      ? markup`<b style="color:${PALETTE.published}">equals</b> the fingerprint the registry expects for ${resolved.entry.id}`
      : markup`<b style="color:${PALETTE.negative}">differs from</b> the ${
        int(expected)
      } the registry expects for ${resolved.entry.id}`;
    const table = htmlKeyValues([
      ["engine checked", `${identity.id}: ${identity.uci_name} — ${why}`],
      ["build SHA-256", identity.sha256],
      ["NNUE nets", identity.nets.join(", ") || "none reported"],
      ["bench fingerprint", `${int(identity.fingerprint)} nodes`],
      ...(r
        ? [[
          "the dataset's engine (recorded)",
          `${r.id}: ${r.uci_name}, fingerprint ${int(r.fingerprint)} nodes, build SHA-256 ${r.sha256.slice(0, 16)}…`,
        ] as [string, string]]
        : []),
    ], "Engine identity");
    const dataset = datasetEngineSentence(r, identity);
    return {
      identity,
      view: html(markup`${table}<p>The fingerprint ${reference}; it ${registry}.${dataset}</p>`),
    };
  } finally {
    await engine.quit();
  }
}

/** Loads a complete stage-1 dataset (no engine needed), or runs (resumes) stage 1 when positions are missing. */
export async function stage1(ctx: NotebookContext, onProgress?: (p: Progress) => void) {
  const complete = await loadEvaluations(ctx.profile).catch(() => undefined);
  if (complete && complete.records.every((r) => r.eval_cp !== null || r.mate !== null)) {
    const note = `${complete.records.length} positions already in ${displayPath(complete.path)}: nothing to run`;
    return { dataset: complete, note };
  }
  const s = await runEvaluation({ profile: ctx.profile, onProgress });
  const note = `${s.evaluated} evaluated in this run, ${s.resumed} already done; ${
    s.wallS.toFixed(1)
  } s (engine ${s.engine})`;
  return { dataset: await loadEvaluations(ctx.profile), note };
}

/** One line on the dataset: positions, value and depth ranges, engine, budget, file. */
export function datasetLine(d: EvalDataset): Displayable {
  const evals = d.records.map((r) => r.eval_cp).filter((v): v is number => v !== null);
  const depths = d.records.map((r) => r.depth);
  return html(
    markup`<p>${d.records.length} positions; eval ${num(Math.min(...evals))}..${num(Math.max(...evals))} cp; depth ${
      Math.min(...depths)
    }..${Math.max(...depths)}; engine ${d.header.engine.uci_name} (${d.header.engine.id}), ${
      evalBudgetText(d.header.config.limit)
    }, options ${formatOptions(d.header.config.options)}; file <code>${displayPath(d.path)}</code>.</p>`,
    `${d.records.length} positions`,
  );
}

/** Raw engine output of some positions, with the chosen line marked. */
export function rawOutputView(d: EvalDataset, sps: number[]): Displayable {
  const blocks = sps.flatMap((sp) => {
    const r = d.records.find((x) => x.sp === sp);
    if (!r) return [];
    const lines = r.raw.map((l) => {
      const chosen = l.startsWith(`info depth ${r.depth} `) && !/bound/.test(l) && l.includes(` pv ${r.pv.join(" ")}`);
      return chosen ? markup`<b>${l}   &lt;= result</b>` : l;
    });
    return [
      markup`<h4>SP ${sp} ${r.setup}: ${
        r.eval_cp === null ? `mate in ${num(r.mate!)}` : `${num(r.eval_cp)} cp`
      } at depth ${r.depth} (${evalBudgetText(r.limit)})</h4><pre style="font-size:11px">${
        joinHtml(lines, "\n")
      }</pre>`,
    ];
  });
  return html(joinHtml(blocks, "\n"), `raw output of SP ${sps.join(", ")}`);
}
