/**
 * What notebook 01 shows: the method's settings, the engine check, the
 * results table and raw engine output, as HTML displayables.
 *
 * @module
 */

import type { EvalDataset } from "../store/eval_dataset.ts";
import { loadRegistry, resolveEngine } from "../engine/registry.ts";
import { type EngineIdentity, engineIdentity } from "../engine/identity.ts";
import type { Profile } from "../method/profiles.ts";
import { UciEngine } from "../engine/uci.ts";
import { type Displayable, escapeHtml, html, htmlKeyValues, htmlTable } from "./display.ts";

/** The profile's stage-1 settings next to the method's. */
export function settingsView(profile: Profile): Displayable {
  return html(
    htmlKeyValues([
      ["profile", `${profile.name} — ${profile.description}`],
      ["positions", `${profile.positions.length}`],
      [
        "node budget per position",
        `${profile.evalNodes.toLocaleString("en-US")} (the method: 400,000,000)`,
      ],
      ["UCI options", JSON.stringify(loadRegistry().method_options)],
      [
        "before every position",
        "ucinewgame + isready (positions independent, order irrelevant)",
      ],
      [
        "value",
        "last completed iteration; the interrupted one is dropped; White's point of view",
      ],
    ], "Stage 1 settings"),
  );
}

/** Starts the engine, measures identity and fingerprint, and shows whether it is the MBI reference. */
export async function engineCheck(
  engineArg?: string,
): Promise<{ identity: EngineIdentity; view: Displayable }> {
  const resolved = resolveEngine(engineArg);
  const engine = await UciEngine.start(resolved.command);
  try {
    const identity = await engineIdentity(resolved, engine);
    const ref = loadRegistry().reference_fingerprint;
    const verdict = identity.matches_reference
      ? `<b style="color:green">matches</b> the MBI reference engine (Stockfish 17.1, ${
        ref.toLocaleString("en-US")
      } nodes)`
      : `<b style="color:red">does not match</b> the MBI reference engine (${ref.toLocaleString("en-US")} nodes)`;
    const table = htmlKeyValues([
      ["engine", `${identity.id}: ${identity.uci_name}`],
      ["build SHA-256", identity.sha256],
      ["NNUE nets", identity.nets.join(", ")],
      [
        "bench fingerprint",
        `${identity.fingerprint?.toLocaleString("en-US")} nodes`,
      ],
    ], "Engine identity");
    return { identity, view: html(`${table}<p>Fingerprint ${verdict}.</p>`) };
  } finally {
    await engine.quit();
  }
}

/** Summary line and the full results table (scrollable). */
export function resultsView(d: EvalDataset): Displayable {
  const evals = d.records.map((r) => r.eval_cp).filter((v): v is number => v !== null);
  const depths = d.records.map((r) => r.depth);
  const summary = `<p>${d.records.length} positions; eval ${Math.min(...evals)}..${Math.max(...evals)} cp; depth ${
    Math.min(...depths)
  }..${Math.max(...depths)}; engine ${escapeHtml(d.header.engine.uci_name)}, budget ${
    escapeHtml(JSON.stringify(d.header.config.limit))
  }; file <code>${escapeHtml(d.path.replace(/^.*\/results\//, "results/"))}</code>.</p>`;
  const table = htmlTable(d.records, [
    { header: "SP", value: (r) => r.sp, numeric: true },
    { header: "setup", value: (r) => r.setup },
    {
      header: "eval cp",
      value: (r) => r.mate !== null ? `mate ${r.mate}` : r.eval_cp,
      numeric: true,
    },
    { header: "depth", value: (r) => r.depth, numeric: true },
    { header: "seldepth", value: (r) => r.seldepth, numeric: true },
    { header: "nodes", value: (r) => r.nodes, numeric: true },
    { header: "PV (first 6 moves)", value: (r) => r.pv.slice(0, 6).join(" ") },
  ]);
  return html(
    `${summary}<div style="max-height:420px;overflow:auto">${table}</div>`,
    `${d.records.length} positions`,
  );
}

/** Raw engine output of some positions, with the chosen line marked. */
export function rawOutputView(d: EvalDataset, sps: number[]): Displayable {
  const blocks = sps.flatMap((sp) => {
    const r = d.records.find((x) => x.sp === sp);
    if (!r) return [];
    const lines = r.raw.map((l) => {
      const chosen = l.startsWith(`info depth ${r.depth} `) &&
        !/bound/.test(l) && l.includes(` pv ${r.pv.join(" ")}`);
      return chosen ? `<b>${escapeHtml(l)}   &lt;= result</b>` : escapeHtml(l);
    });
    return [
      `<h4>SP ${sp} ${r.setup}: ${r.eval_cp} cp at depth ${r.depth}</h4><pre style="font-size:11px">${
        lines.join("\n")
      }</pre>`,
    ];
  });
  return html(blocks.join("\n"), `raw output of SP ${sps.join(", ")}`);
}
