/**
 * Notebook 06's views of the datasets compared: the banner, the determinism checks, the pairs worth a plot and
 * what their agreement says in words.
 *
 * @module
 */

import { join } from "node:path";
import { fixedNonZero, markup, pct } from "../core/mod.ts";
import { PALETTE } from "../plot/mod.ts";
import { type DeterminismReport } from "../evaluation/mod.ts";
import { type DatasetInfo, type PairAgreement } from "../analysis/mod.ts";
import { formatLimit } from "../engine/mod.ts";
import { datasetPhrase, METHOD_EVAL_TEXT, strength, STRENGTH_BANDS } from "../method/mod.ts";
import { listResultFolders, PEER, PEER_KEY } from "../store/mod.ts";
import { bannerBox, type Displayable, html, htmlTable } from "./display.ts";

/** Notebook 06: determinism checks found under the results root (the ci fixture only when nothing else has one). */
export function determinismView(): Displayable {
  const rows: { folder: string; r: DeterminismReport }[] = [];
  for (const f of listResultFolders()) {
    try {
      rows.push({ folder: f.name, r: JSON.parse(Deno.readTextFileSync(join(f.path, "determinism.json"))) });
    } catch {
      // no check in this folder
    }
  }
  const real = rows.filter((x) => x.folder.split(/[~@]/)[0] !== "ci");
  const shown = real.length ? real : rows;
  const none = markup`<p>No determinism check has been run (<code>deno task check-determinism --engine ID</code>).</p>`;
  if (shown.length === 0) return html(none);
  return html(htmlTable(shown, [
    { header: "folder", value: (x) => x.folder },
    { header: "engine", value: (x) => x.r.engine.uci_name },
    { header: "budget", value: (x) => formatLimit(x.r.limit) },
    { header: "positions run twice", value: (x) => x.r.positions.length, numeric: true },
    {
      header: "result",
      value: (x) =>
        x.r.deterministic
          ? "identical: deterministic"
          : `NOT deterministic: ${x.r.differences.length} differ (SP ${x.r.differences.map((d) => d.sp).join(", ")})`,
    },
  ], "Determinism (each position evaluated twice in fresh engine processes)"));
}

/** Notebook 06: the banner over datasets at several budgets (none at the method's budget, or which are). */
export function comparisonBanner(datasets: readonly DatasetInfo[]): Displayable {
  const method = (d: DatasetInfo) => formatLimit(d.limit) === "400,000,000 nodes";
  const others = datasets.filter((d) => !method(d));
  const words = datasetWords(datasets);
  const list = others.map((d) => `${words(d.folder)} per position`).join("; ");
  // the peer is compared like any dataset; why it is not the index is said where it is listed
  const peer = datasets.some((d) => d.folder === PEER_KEY) ? ` The depth-32 values are ${PEER.role}.` : "";
  const all = markup`Every dataset compared is at the method's budget (${METHOD_EVAL_TEXT}).`;
  if (others.length === 0) return html(bannerBox(true, all));
  return html(
    bannerBox(
      false,
      markup`<b>Not the method's results.</b> ${list} — the method: ${METHOD_EVAL_TEXT}; cite each with engine, fingerprint and budget.${peer}`,
    ),
    `not the method's results: ${list}.${peer}`,
  );
}

/** A pair with a and b swapped (points and disagreements too). */
function swapped(p: PairAgreement): PairAgreement {
  return {
    ...p,
    a: p.b,
    b: p.a,
    points: p.points.map((x) => ({ sp: x.sp, mbi_a: x.mbi_b, mbi_b: x.mbi_a })),
    largest_disagreements: p.largest_disagreements.map((d) => ({
      ...d,
      mbi_a: d.mbi_b,
      mbi_b: d.mbi_a,
      eval_a: d.eval_b,
      eval_b: d.eval_a,
    })),
  };
}

/**
 * The pairs worth a plot: each other engine against the reference at the same budget, each budget of one engine
 * against its next larger one; a is the reference engine or the smaller budget (the rest stay in the table). With a
 * `focus` dataset (the one a notebook is rendered for), its pair with the depth-32 peer joins them, and its pairs come
 * first.
 */
export function informativePairs(
  datasets: readonly DatasetInfo[],
  pairs: readonly PairAgreement[],
  focus?: string,
): PairAgreement[] {
  const info = new Map(datasets.map((d) => [d.folder, d]));
  const nodes = (d: DatasetInfo) => (d.limit as { nodes?: number }).nodes ?? NaN;
  const plain = (f: string) => !f.includes("~") && !f.includes("@");
  const base = (f: string) => f.split(/[~@]/)[0];
  const out: PairAgreement[] = [];
  for (const p of pairs) {
    const a = info.get(p.a), b = info.get(p.b);
    if (!a || !b) continue;
    if (focus && [p.a, p.b].includes(focus) && [p.a, p.b].includes(PEER_KEY)) {
      out.push(p.a === focus ? p : swapped(p));
      continue;
    }
    const sameEngine = a.fingerprint !== null && a.fingerprint === b.fingerprint;
    if (!sameEngine) {
      // another engine: against the reference dataset of its base profile (same budget, or its own depth budget)
      const sameBudget = formatLimit(a.limit) === formatLimit(b.limit);
      const depthVsNodes = ("depth" in (a.limit as object)) !== ("depth" in (b.limit as object));
      if (sameBudget || (depthVsNodes && base(p.a) === base(p.b) && (plain(p.a) || plain(p.b)))) {
        out.push(plain(p.b) && !plain(p.a) ? swapped(p) : p);
      }
      continue;
    }
    const larger = datasets.filter((d) => d.fingerprint === a.fingerprint && nodes(d) > Math.min(nodes(a), nodes(b)));
    const next = Math.min(...larger.map(nodes));
    if (Math.max(nodes(a), nodes(b)) === next) out.push(nodes(a) > nodes(b) ? swapped(p) : p);
  }
  const has = (p: PairAgreement) => Number(p.a === focus || p.b === focus);
  return focus ? out.sort((x, y) => has(y) - has(x)) : out; // a stable sort: the others keep their order
}

/**
 * The datasets compared in readers' words, `Stockfish 17.1 at 8,000,000 nodes per position`: engine and budget, and the folder
 * beside them only where two datasets would read the same.
 */
export function datasetWords(datasets: readonly DatasetInfo[]): (folder: string) => string {
  const plain = new Map(datasets.map((d) => [d.folder, datasetPhrase(d.engine, d.limit)]));
  const seen = [...plain.values()];
  return (folder) => {
    const w = plain.get(folder);
    if (w === undefined) return folder;
    return seen.indexOf(w) === seen.lastIndexOf(w) ? w : `${w} (${folder})`;
  };
}

/** Notebook 06: what each informative pair's numbers say, in words by the stated bands, its datasets in words. */
export function agreementSentences(pairs: readonly PairAgreement[], datasets: readonly DatasetInfo[]): Displayable {
  const words = datasetWords(datasets);
  const items = pairs.map((p) => {
    const [rho, lo, hi] = [p.spearman.rho, ...p.spearman.ci95].map((x) => fixedNonZero(x, 2));
    return `${words(p.a)} vs ${words(p.b)}: Spearman of the edges ${rho} [${lo}, ${hi}] over ${p.common} positions — ${
      strength(p.spearman.rho, p.spearman.ci95)
    } agreement; median |ΔMBI| ${p.mbi_shift.median}, ${
      pct(p.mbi_shift.share_over_10)
    } of positions move by more than 10 points.`;
  });
  return html(
    markup`<ul>${
      items.map((i) => markup`<li>${i}</li>`)
    }</ul><p style="font-size:11px;color:${PALETTE.note}">Words by the bands ${STRENGTH_BANDS} (of |rho|), one band's word only when the whole 95% interval lies inside it.</p>`,
    items.join("\n"),
  );
}
