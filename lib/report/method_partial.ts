/**
 * The method's index as far as its run has gone (`results/full/partial.json`): what the positions done at 400,000,000
 * nodes say while the run grows (the median, quartiles and share below 0 of the values with intervals, beside the
 * method's published facts; the best index's rank agreement with them; where its most and least balanced positions
 * land), never an MBI (a rank over a subset is not the index).
 *
 * Which positions: the 60 joined ones (the method's self-play positions, drawn one per stratum of 16 positions of the
 * 8M index, so each of the 960 had a 1-in-16 chance) and the longest complete prefix of the run's random order (a
 * simple random sample of the other 900). A position is thus among them with the same chance, 1/16 + 15/16 × k/900,
 * whichever it is: together they are an equal-chance sample of the 960, taken as one sample. A position done beyond the
 * prefix (two workers finish out of order) waits for the prefix to reach it.
 *
 * The file records the positions it used, not the run file's hash: the file grows, and the records of those positions
 * never change (append-only, a position once).
 *
 * @module
 */

import { join } from "node:path";
import * as v from "valibot";
import {
  CodeVersion,
  codeVersion,
  evalFilePath,
  getProfile,
  InputFile,
  inputFiles,
  inputLines,
  mbiPaths,
  orderParts,
  PEER,
  PEER_FILE,
  profileDir,
  readEvalDataset,
  readPeer,
  readRunOrder,
  readTextIfExists,
  recordedInputPath,
  recordedPath,
  resultsRoot,
  runOrderPath,
  SNAPSHOT_DONE,
  snapshotPath,
  writeJsonUnlessSame,
} from "../store/mod.ts";
import {
  averageRanks,
  bootstrapSpearman,
  bootstrapStatistic,
  datasetLabel,
  evalBudgetText,
  PROFILES,
  quantileSorted,
  type SampleFacts,
  sampleFacts,
} from "../method/mod.ts";
import {
  balanceExtremes,
  bestReferenceProfile,
  loadIndex,
  METHOD_DISTRIBUTION,
  mostBalancedFirst,
} from "../analysis/mod.ts";
import {
  checkRecord,
  count,
  fileKind,
  fix,
  int as num,
  integer,
  iv,
  MbiError,
  opaque,
  parseJsonText,
  repoPath,
  schemaVersion,
  signed,
  text,
} from "../core/mod.ts";

/** Schema version of `partial.json`. */
export const PARTIAL_SCHEMA = 1;

/** How many of the best index's most and least balanced positions are followed. */
export const EXTREMES_LISTED = 10;

/** Bootstrap sub-streams (apart from stage 5's, the comparisons' 61–62 and sample.json's 80–). */
const FACT_STREAM = 90, RHO_STREAM = 95, DIFF_STREAM = 98;

const rho = v.object({ n: count(), rho: v.number(), ci95: v.tuple([v.number(), v.number()]) });
const maybeRho = v.nullable(rho);
const method = v.nullable(v.object({ eval_cp: integer(), rank: v.number(), of: count() }));
const landing = v.object({ sp: integer(), setup: text(), mbi: integer(), eval_cp: integer(), method });

/** `partial.json`: see the module's text. */
export const MethodPartial = v.object({
  kind: fileKind("mbi-method-partial"),
  schema: schemaVersion(PARTIAL_SCHEMA),
  about: text(),
  dataset: v.object({ path: text(), budget: text(), engine: text(), fingerprint: v.nullable(integer()) }),
  done: v.object({
    ...SNAPSHOT_DONE,
    in_file: count(),
    joined: count(),
    prefix: count(),
    beyond_prefix: v.array(integer()),
    parts: v.array(v.object({ part: count(), positions: count(), done: count() })),
  }),
  how: text(),
  distribution: opaque<SampleFacts>(),
  published: opaque<typeof METHOD_DISTRIBUTION>(),
  agreement: v.object({ index: text(), budget: text(), all: rho, prefix: maybeRho, peer: v.optional(maybeRho) }),
  extremes: v.object({ index: text(), balanced: v.array(landing), unbalanced: v.array(landing) }),
  /**
   * The best index's value minus the method's, position by position on the positions used: the median with its
   * bootstrap interval, the mean, and how many read higher and lower in the index (absent from earlier snapshots).
   */
  difference: v.optional(v.object({
    index: text(),
    n: count(),
    median: v.object({ estimate: v.number(), ci95: v.tuple([v.number(), v.number()]) }),
    mean: v.number(),
    higher: count(),
    lower: count(),
  })),
  resamples: count(),
  seed: integer(),
  inputs: v.array(InputFile),
  code: CodeVersion,
});

/** `partial.json`. */
export type MethodPartial = v.InferOutput<typeof MethodPartial>;

/** The one sentence on how the positions are combined (recorded in the file, shown where the figures are). */
export const PARTIAL_HOW =
  "The 60 self-play positions (one drawn from each stratum of 16 positions of the 8M index) and a simple random " +
  "sample of the other 900 (the first positions of the run's seeded order): each of the 960 had the same chance " +
  "to be among them, so they are taken as one sample. The intervals resample them as a simple random sample of " +
  "an unlimited set, which errs on the wide side.";

/** Where `partial.json` lives. */
export function methodPartialPath(root = resultsRoot()): string {
  return snapshotPath(join(root, "full"));
}

/** Reads `partial.json` (undefined when there is none). */
export async function readMethodPartial(path = methodPartialPath()): Promise<MethodPartial | undefined> {
  const raw = await readTextIfExists(path);
  if (raw === undefined) return undefined;
  const remedy = "run deno task method-partial";
  return checkRecord(
    MethodPartial,
    parseJsonText(raw, path, "dataset", `${remedy} to write it again`),
    path,
    "dataset",
  );
}

/**
 * Computes the figures from the run's file as it is now, or (`prefix`) from the order's first `prefix` positions only
 * (to check a committed file against a grown run: the same positions give the same figures).
 */
export async function computeMethodPartial(opts: { prefix?: number } = {}): Promise<MethodPartial> {
  const full = getProfile("full");
  const dir = profileDir(full);
  const order = await readRunOrder(dir, full.positions);
  if (!order) throw new MbiError("stage-input", `no run order at ${recordedPath(runOrderPath(dir))}`);
  const path = evalFilePath(dir);
  const run = await readEvalDataset(path);
  if (!run) {
    throw new MbiError("stage-input", `no run file at ${recordedPath(path)}: deno task eval-all --profile full`);
  }
  const bySp = new Map(run.records.map((r) => [r.sp, r]));
  const notJoined = order.joined.positions.filter((sp) => !bySp.has(sp));
  if (notJoined.length) {
    const why = `${notJoined.length} joined positions are not in the run file yet`;
    throw new MbiError("stage-input", `${why}: deno task eval-join`);
  }
  let k = 0;
  while (k < order.order.length && bySp.has(order.order[k])) k++;
  if (opts.prefix !== undefined) {
    if (opts.prefix > k) {
      throw new MbiError("stage-input", `the run file has the order's first ${k} positions, not ${opts.prefix}`);
    }
    k = opts.prefix;
  }
  const used = [...order.joined.positions, ...order.order.slice(0, k)].sort((a, b) => a - b);
  const mate = used.find((sp) => bySp.get(sp)!.eval_cp === null);
  if (mate !== undefined) throw new MbiError("stage-input", `SP ${mate} has a mate score, not a value in centipawns`);
  const value = (sp: number) => bySp.get(sp)!.eval_cp!;
  const { resamples, seed } = full;

  const best = await bestReferenceProfile();
  if (!best) throw new MbiError("stage-input", "no complete index of the reference engine to compare with");
  const table = await loadIndex(best.profile);
  const indexRow = new Map(table.rows.map((r) => [r.sp, r]));
  const indexName = best.profile.name;
  const indexBudget = evalBudgetText({ nodes: best.nodes });
  const peer = new Map((await readPeer()).rows.map((r) => [r.sp, Math.abs(r.eval_cp)]));
  const agreement = (sps: number[], stream: number, edge = (sp: number) => indexRow.get(sp)!.edge_cp) => {
    if (sps.length < 3) return null;
    const b = bootstrapSpearman(sps.map(edge), sps.map((sp) => Math.abs(value(sp))), { resamples, seed, stream });
    return { n: sps.length, rho: b.estimate, ci95: b.percentile };
  };

  // the index's value minus the method's on each position used
  const diffs = used.map((sp) => indexRow.get(sp)!.eval_cp - value(sp));
  const usedRanks = averageRanks(used.map((sp) => Math.abs(value(sp))));
  const rankOf = new Map(used.map((sp, i) => [sp, usedRanks[i]]));
  const { balanced, unbalanced } = balanceExtremes(mostBalancedFirst(table.rows), EXTREMES_LISTED);
  const land = (r: (typeof table.rows)[number]) => ({
    sp: r.sp,
    setup: r.setup,
    mbi: r.mbi,
    eval_cp: r.eval_cp,
    method: rankOf.has(r.sp) ? { eval_cp: value(r.sp), rank: rankOf.get(r.sp)!, of: used.length } : null,
  });

  const budget = evalBudgetText(run.header.config.limit);
  const engine = run.header.engine.uci_name;
  const usedSet = new Set(used);
  const bestDir = profileDir(best.profile);
  return {
    kind: "mbi-method-partial",
    schema: PARTIAL_SCHEMA,
    about: `The method's values (${
      datasetLabel(engine, budget)
    }) for ${used.length} of ${PROFILES.full.positions.length} positions, as far as the run has gone: estimates with intervals, not an index (no MBI until all are done).`,
    dataset: { path: recordedPath(path), budget, engine, fingerprint: run.header.config.engine_fingerprint },
    done: {
      of: full.positions.length,
      in_file: run.records.length,
      joined: order.joined.positions.length,
      prefix: k,
      used,
      beyond_prefix: opts.prefix === undefined
        ? run.records.map((r) => r.sp).filter((sp) => !usedSet.has(sp)).sort((a, b) => a - b)
        : [],
      parts: orderParts(order.order.length, k),
    },
    how: PARTIAL_HOW,
    distribution: sampleFacts(used.map(value), { resamples, seed, stream: FACT_STREAM }),
    published: METHOD_DISTRIBUTION,
    agreement: {
      index: indexName,
      budget: indexBudget,
      all: agreement(used, RHO_STREAM)!,
      prefix: agreement(order.order.slice(0, k), RHO_STREAM + 1),
      peer: agreement(used, RHO_STREAM + 2, (sp) => peer.get(sp)!),
    },
    extremes: { index: indexName, balanced: balanced.map(land), unbalanced: unbalanced.map(land) },
    difference: {
      index: indexName,
      n: diffs.length,
      median: bootstrapStatistic(diffs, (sorted) => quantileSorted(sorted, 0.5), {
        resamples,
        seed,
        stream: DIFF_STREAM,
      }),
      mean: diffs.reduce((x, y) => x + y, 0) / diffs.length,
      higher: diffs.filter((x) => x > 0).length,
      lower: diffs.filter((x) => x < 0).length,
    },
    resamples,
    seed,
    inputs: [
      // the run's file up to the last record used (header on line 1): append-only, so the same lines however far
      // the file has grown since
      await inputLines(path, Math.max(...used.map((sp) => run.lineOf.get(sp)!))),
      ...await inputFiles([runOrderPath(dir), evalFilePath(bestDir), mbiPaths(bestDir).json, repoPath(PEER_FILE)]),
    ],
    code: await codeVersion(),
  };
}

/** Computes and writes `partial.json` (unchanged when only the code differs); returns what the file holds. */
export async function writeMethodPartial(): Promise<MethodPartial> {
  return await writeJsonUnlessSame(methodPartialPath(), await computeMethodPartial(), ["code"]);
}

const ordinal = (n: number) => {
  const r = Math.round(n);
  const suffix = r % 100 >= 11 && r % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][r % 10] ?? "th";
  return `${num(r)}${suffix}`;
};

/** How far the run is, for people: `360 of 960 positions at 400,000,000 nodes per position`. */
export function partialCountText(p: Pick<MethodPartial, "done" | "dataset">): string {
  return `${num(p.done.used.length)} of ${num(p.done.of)} positions at ${p.dataset.budget}`;
}

/** The values' median with its interval: `+26.5 cp [+24, +30]`. */
export function partialMedianText(p: Pick<MethodPartial, "distribution">): string {
  const m = p.distribution.median;
  return `${partialCp(m.estimate)} cp [${m.ci95.map(partialCp).join(", ")}]`;
}

/** A cp figure of the estimates: signed, at most one decimal. */
const partialCp = (x: number) => signed(Number(x.toFixed(1)));

/** The estimates beside the method's published facts (one sentence). */
export function partialDistributionText(p: Pick<MethodPartial, "distribution" | "published" | "done">): string {
  const d = p.distribution;
  const n = p.done.used.length;
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const m = p.published;
  const z = d.below_zero;
  const below = `${z.count} of ${num(n)} below 0 (${pct(z.share)}, [${z.ci95.map(pct).join(", ")}])`;
  return `Median ${partialMedianText(p)}, ` +
    `quartiles ${partialCp(d.quartiles[0].estimate)} to ${partialCp(d.quartiles[1].estimate)} cp; ${below}. ` +
    `The method's published run: median +${m.median.toFixed(1)} cp, range ${signed(m.min)} to ${
      signed(m.max)
    } cp, ${m.negatives} of ${num(m.count)} below 0.`;
}

/** The best index's rank agreement with the values done (one sentence). */
export function partialAgreementText(p: Pick<MethodPartial, "agreement">): string {
  const a = p.agreement;
  const r = (x: { rho: number; ci95: [number, number] }) => `${fix(x.rho, 3)} ${iv(x.ci95)}`;
  return `Rank agreement of their edges with the ${indexWords(a.budget)} (Spearman): ${r(a.all)} on all ${
    num(a.all.n)
  }` +
    (a.prefix ? `, ${r(a.prefix)} on the ${num(a.prefix.n)} of the random order alone` : "") +
    (a.peer
      ? `. The published depth-32 table (clfs/eval960) agrees with these values at ${r(a.peer)}. It is ${PEER.role}.`
      : ".");
}

/** The best index in words: `8,000,000 nodes per position` → `8,000,000-node index`. */
export function indexWords(budget: string): string {
  return `${budget.replace(/ nodes per position$/, "")}-node index`;
}

/** Where one of the best index's listed positions lands at the method's budget, in words (null when not done yet). */
export function landingText(row: Pick<MethodPartial["extremes"]["balanced"][number], "method">): string | null {
  const m = row.method;
  return m ? `${signed(m.eval_cp)} cp, the ${ordinal(m.rank)} most balanced of ${num(m.of)}` : null;
}

/** The method's values as the pages show them: those of `partial.json`'s positions, read from the run's file. */
export interface MethodSnapshot {
  partial: MethodPartial;
  /** Value (cp, White's view; null for a mate) and depth by SP, for the positions the figures use. */
  values: Record<number, [number | null, number]>;
}

/** The method's run as the pages show it: `partial.json` (true while the run grows) and its positions' values. */
export async function methodSnapshot(): Promise<MethodSnapshot | undefined> {
  const partial = await readMethodPartial();
  if (!partial) return undefined;
  const run = await readEvalDataset(recordedInputPath(partial.dataset.path));
  if (!run) throw new MbiError("stage-input", `${partial.dataset.path} is gone, but partial.json uses it`);
  const bySp = new Map(run.records.map((r) => [r.sp, r]));
  const values: Record<number, [number | null, number]> = {};
  for (const sp of partial.done.used) {
    const r = bySp.get(sp);
    if (!r) {
      const why = `${partial.dataset.path} lacks SP ${sp}, which partial.json uses`;
      throw new MbiError("stage-input", `${why}: run deno task method-partial to write it again`);
    }
    values[sp] = [r.eval_cp, r.depth];
  }
  return { partial, values };
}
