/**
 * The order file of a long stage-1 run (`<dataset folder>/order.json`): the
 * seeded random order its positions are taken in, written once before the
 * first search and never rewritten, so that the positions done at any moment
 * are the joined ones plus a prefix of the order (a simple random sample).
 *
 * Positions already computed elsewhere with the same configuration (the
 * method's 60 self-play positions at 400,000,000 nodes) are `joined`: they are
 * not in the random order; they come last in the run's plan and join the file
 * once two of them, drawn by seed, have been searched again and matched.
 *
 * @module
 */

import { join } from "node:path";
import * as v from "valibot";
import { ORDER_STREAM, orderRule, seededOrder } from "../method/mod.ts";
import { checkRecord, count, fileKind, integer, MbiError, parseJsonText, schemaVersion, text } from "../core/mod.ts";
import { CodeVersion, displayPath, InputFile } from "./provenance.ts";

/** Schema version of order files. */
export const ORDER_SCHEMA = 1;

/** File name of the order beside a dataset's `evals.jsonl`. */
export const ORDER_FILE = "order.json";

const sps = (rule: string) => v.array(integer("is not an SP number"), rule);

/**
 * An order file: the dataset it orders, the seed and stream and the rule that
 * derive the order, the joined positions with the file (and its SHA-256) they
 * were computed in, the random order of the others, when and by which code it
 * was written.
 */
export const RunOrder = v.object({
  kind: fileKind("mbi-run-order"),
  schema: schemaVersion(ORDER_SCHEMA),
  dataset: text(),
  seed: integer("is not a seed (a whole number)"),
  stream: count(),
  rule: text(),
  joined: v.object({ file: InputFile.entries.path, sha256: InputFile.entries.sha256, positions: sps("is not a list") }),
  order: sps("is not a list of positions"),
  created: text(),
  code: CodeVersion,
});

/** An order file. */
export type RunOrder = v.InferOutput<typeof RunOrder>;

/** Path of the order file of a dataset folder. */
export function runOrderPath(dir: string): string {
  return join(dir, ORDER_FILE);
}

/** The positions of an order's dataset in the order the run takes them: the random order, then the joined ones. */
export function orderedPositions(o: RunOrder): number[] {
  return [...o.order, ...o.joined.positions];
}

/**
 * Builds the order of `positions` (all the dataset will hold) with `joined`
 * set apart, from `seed` (pure). Refuses joined positions outside `positions`.
 */
export function buildRunOrder(
  args: {
    dataset: string;
    positions: readonly number[];
    joined: { file: string; sha256: string; positions: readonly number[] };
    seed: number;
    created: string;
    code: CodeVersion;
  },
): RunOrder {
  const all = new Set(args.positions);
  const outside = args.joined.positions.filter((sp) => !all.has(sp));
  if (outside.length) {
    throw new MbiError("dataset", `joined position(s) ${outside.slice(0, 5).join(", ")} are not among the dataset's`);
  }
  const joined = new Set(args.joined.positions);
  return {
    kind: "mbi-run-order",
    schema: ORDER_SCHEMA,
    dataset: args.dataset,
    seed: args.seed,
    stream: ORDER_STREAM,
    rule: orderRule(ORDER_STREAM),
    joined: { ...args.joined, positions: [...joined].sort((a, b) => a - b) },
    order: seededOrder(args.positions.filter((sp) => !joined.has(sp)), args.seed),
    created: args.created,
    code: args.code,
  };
}

/**
 * Reads a dataset folder's order file (undefined when there is none), checks
 * its fields, that it covers `positions` exactly once each, and that its order
 * is the one its seed derives (a hand-edited order is refused, naming the file).
 */
export async function readRunOrder(dir: string, positions: readonly number[]): Promise<RunOrder | undefined> {
  const path = runOrderPath(dir);
  let raw: string;
  try {
    raw = await Deno.readTextFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return undefined;
    throw e;
  }
  const where = displayPath(path);
  const o = checkRecord(RunOrder, parseJsonText(raw, where, "dataset", "restore it from git"), where, "dataset");
  const covered = orderedPositions(o);
  const want = new Set(positions);
  if (covered.length !== want.size || new Set(covered).size !== covered.length || covered.some((sp) => !want.has(sp))) {
    throw new MbiError(
      "dataset",
      `${where} does not list each of the dataset's ${want.size} positions exactly once (it lists ${covered.length})`,
    );
  }
  const again = seededOrder(o.order, o.seed);
  if (o.stream !== ORDER_STREAM || again.some((sp, i) => sp !== o.order[i])) {
    throw new MbiError(
      "dataset",
      `${where}: its order is not the one seed ${o.seed} derives (${orderRule(ORDER_STREAM)})`,
    );
  }
  return o;
}
