/**
 * The dataset card's parts on self-play designs played on the index: the
 * "Validation by self-play" section (each design's figures, the published
 * figure checked against them, the method's budget on its positions), which
 * table the games were played from, the recorded recomputations, and why
 * several builds are one engine.
 *
 * @module
 */

import { bestmoveOffPvText, fingerprintValue, type RhoEstimate, rhoInterval, verdictsText } from "../method/mod.ts";
import { loadRegistry } from "../engine/mod.ts";
import { MBI_ROWS_HASH_TEXT } from "../store/mod.ts";
import { type SelfplayResults } from "../selfplay/mod.ts";
import type { SiteData } from "./data.ts";
import { designBudgets, type SiteSample } from "./designs.ts";
import { code, md } from "./card_text.ts";
import { comparisonMarkdown, hasComparison } from "./comparison.ts";
import { fix, int } from "../core/mod.ts";

/** The other self-play designs played on this index, and the method's budget on their positions. */
export function designsCardSection(d: SiteData): string[] {
  if (!hasComparison(d)) return [];
  const corr = (c: RhoEstimate & { ci95_percentile: [number, number] }) =>
    md(rhoInterval(c, c.ci95_percentile, [" (", " .. ", ")"]));
  return [
    "## Validation by self-play",
    "",
    ...comparisonMarkdown(d),
    ...(d.designs.length ? designsTable(d, corr) : []),
  ];
}

/** Each summarised design's three correlations, verdicts and files, and the method's budget on its positions. */
function designsTable(d: SiteData, corr: (c: RhoEstimate & { ci95_percentile: [number, number] }) => string): string[] {
  return [
    "Self-play designs played on this index (positions drawn one per edge stratum; `deno task selfplay` and " +
    "`deno task stats` with the design's profile), Spearman's rho with 95% percentile bootstrap intervals:",
    "",
    "| design | positions × games | nodes/move | rho(eval, score) | rho(MBI, score) | rho(MBI, \\|score − 0.5\\|) | reliability R | ceiling √R | power at 0.76 | verdict | claim | file |",
    "| --- | --- | ---: | --- | --- | --- | ---: | ---: | ---: | --- | --- | --- |",
    ...d.designs.map(({ profile, summary: s, summaryFile }) =>
      `| ${code(profile)} | ${s.n_positions} × ${s.selfplay.games_per_position} (${int(s.n_games)} games) | ${
        int(s.selfplay.nodes_per_move)
      } | ${corr(s.eval_vs_score)} | ${corr(s.mbi_vs_score)} | ${corr(s.mbi_vs_imbalance)} | ${
        fix(s.reliability.reliability, 3)
      } | ${fix(s.reliability.ceiling, 3)} | ${s.power.this_design.power.toFixed(2)} | ${
        md(verdictsText(s).validation)
      } | ${md(verdictsText(s).claim)} | ${code(summaryFile)} |`
    ),
    "",
    ...d.designs.flatMap((g) => {
      const m = g.sample;
      const sample = !m
        ? `The method's budget has not been run on its ${g.summary.n_positions} positions.`
        : !m.summary
        ? `The method's budget on its positions (${code(m.file)}, ${md(m.limit)} per position, ${
          md(m.engine.uci_name)
        }): ${m.evaluated} of ${m.of} evaluated${
          m.evaluated < m.of ? ", run in progress" : ""
        }; its figures follow when it is complete${m.next ? ` (${code(m.next)})` : ""}.${verifiedText(m)}${offPv(m)}`
        : `The method's budget on its positions (${code(m.file)}, ${md(m.limit)} per position): ` +
          m.summary.figures.validation.map((v) =>
            `with the values at ${md(v.budget)}, rho(eval, score) ${corr(v.eval_vs_score)}, ${
              md(verdictsText(v).validation)
            }`
          ).join("; ") + ` (${code(m.summary.file)}).${verifiedText(m)}${offPv(m)}`;
      const e = g.selfplay.engine;
      const c = g.summary.code;
      return [
        `- Self-play, ${md(designBudgets(g))}: games by ${md(e.uci_name)} (${code(e.id)}, fingerprint ${
          fingerprintValue(e.fingerprint)
        }, build \`${e.sha256.slice(0, 12)}…\`), stage 5 by code \`${c.commit.slice(0, 12)}\`${
          c.dirty ? " with uncommitted changes" : ""
        }. ` +
        `${md(g.published.sentence)} ${sample}`,
        ...playedFrom(d, "These games were", g.selfplay),
      ];
    }),
  ];
}

/**
 * Which MBI table a design's games were played from, so that it can be checked from the files: the rows hash its
 * `selfplay.json` records against the current table's, and the file hash recorded beside it when the file has been
 * written again since (with the same rows, the games still follow from it).
 */
export function playedFrom(d: SiteData, subject: string, selfplay: SelfplayResults, bullet = "  - "): string[] {
  const input = selfplay.inputs.find((i) => i.rows_sha256 !== undefined);
  if (!input) return [];
  const same = input.rows_sha256 === d.rows_sha256;
  const now = d.files.find((f) => f.name === "mbi.json")?.sha256;
  const short = (h: string) => `\`${h.slice(0, 12)}…\``;
  return [
    `${bullet}${subject} played from the positions of ${code(input.path)} with rows hash ${
      short(input.rows_sha256!)
    } (${MBI_ROWS_HASH_TEXT}). ${
      same ? "These are the rows of the current table" : "These are **not** the rows of the current table"
    }${
      same && now !== undefined && now !== input.sha256
        ? `; the file was written again since with the same rows (file hash ${short(input.sha256)} then, ${
          short(now)
        } now)`
        : ""
    }.`,
  ];
}

/** Why a sample's `bestmove`s may differ from their PVs, when some do (a sentence, empty when none). */
const offPv = (m: SiteSample) =>
  m.bestmove_off_pv.length ? ` ${md(bestmoveOffPvText(m.bestmove_off_pv.length, m.evaluated))}` : "";

/**
 * Why builds with different hashes are one engine here: the method's documents
 * name the official binary by its SHA-256; this workspace runs its own builds,
 * and what makes them the same engine is that they search node for node alike.
 */
export const ONE_ENGINE =
  `One engine, several builds: the method's documents name the official Stockfish 17.1 binary by its SHA-256 (\`${
    loadRegistry().engines.find((x) => x.id === "sf17.1-official")?.sha256 ?? "not in the registry"
  }\`); this workspace builds its own (WASM from npm, native from Debian's source), so their hashes differ from it and from each other. ` +
  "What makes them one engine is the search. One thread, a fixed hash and a node budget give the same nodes, value and PV " +
  "in every build whose bench fingerprint is the reference's; each build named here has been checked to be one.";

/** The recorded recomputations of a sample's positions, as a sentence (empty when none). */
export function verifiedText(m: SiteSample): string {
  return m.verified.length
    ? ` Recomputed from scratch (\`verify-reproduce.json\` beside it): ${
      m.verified.map((c) =>
        `SP ${c.sp} with ${md(c.engine.uci_name)} (build \`${c.engine.sha256.slice(0, 12)}…\`), ${
          c.date.slice(0, 10)
        }: ${c.match ? "identical" : `different (${md(c.differences.join("; "))})`}`
      ).join("; ")
    }.`
    : "";
}
