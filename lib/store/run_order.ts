/**
 * The order file of a long stage-1 run (`<dataset folder>/order.json`): the seeded random order of its positions,
 * written once before the first search, so the positions done at any moment are the joined ones plus a prefix of the
 * order (a simple random sample). `joined` positions were computed elsewhere with the same configuration (the method's
 * 60 self-play positions): they come last in the run's plan and join once two of them, drawn by seed, match again.
 *
 * @module
 */

import { join } from "node:path";
import * as v from "valibot";
import { ORDER_STREAM, orderRule, seededOrder } from "../method/mod.ts";
import { checkRecord, count, fileKind, integer, MbiError, parseJsonText, schemaVersion, text } from "../core/mod.ts";
import { CodeVersion, displayPath, InputFile, restoreRemedy } from "./provenance.ts";
import { readTextIfExists } from "./write_guard.ts";

const ORDER_SCHEMA = 1;

const sps = (rule: string) => v.array(integer("is not an SP number"), rule);

/** An order file: its dataset, the seed, stream and rule that derive the order, the joined positions and their file. */
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

/** Path of the order file of a dataset folder: `order.json` beside its `evals.jsonl`. */
export const runOrderPath = (dir: string): string => join(dir, "order.json");

/** Positions in each part of a run's order: the order's first 300 are part 1, and so on. */
export const PART_SIZE = 300;

/** One part of an order: its number (from 1), its positions, and how many of them are done. */
export type OrderPart = { part: number; positions: number; done: number };

/** The parts of an order of `n` positions of which the first `k` are done. */
export const orderParts = (n: number, k: number): OrderPart[] =>
  Array.from({ length: Math.ceil(n / PART_SIZE) }, (_, i) => {
    const positions = Math.min(PART_SIZE, n - i * PART_SIZE);
    return { part: i + 1, positions, done: Math.max(0, Math.min(positions, k - i * PART_SIZE)) };
  });

/** The positions of an order's dataset in the order the run takes them: the random order, then the joined ones. */
export const orderedPositions = (o: RunOrder): number[] => [...o.order, ...o.joined.positions];

/** Builds the order of `positions` (all the dataset will hold) with `joined` (among them) set apart, from `seed`. */
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
 * Reads a dataset folder's order file (undefined when there is none), checked: its fields, `positions` covered once
 * each, and the order its seed derives (a hand-edited order is refused, naming the file).
 */
export async function readRunOrder(dir: string, positions: readonly number[]): Promise<RunOrder | undefined> {
  const path = runOrderPath(dir);
  const raw = await readTextIfExists(path);
  if (raw === undefined) return undefined;
  const where = displayPath(path);
  const o = checkRecord(
    RunOrder,
    parseJsonText(raw, where, "dataset", restoreRemedy(path)),
    where,
    "dataset",
  );
  const covered = orderedPositions(o);
  const want = new Set(positions);
  if (covered.length !== want.size || new Set(covered).size !== covered.length || covered.some((sp) => !want.has(sp))) {
    const each = `each of the dataset's ${want.size} positions exactly once`;
    throw new MbiError("dataset", `${where} does not list ${each} (it lists ${covered.length})`);
  }
  const again = seededOrder(o.order, o.seed);
  if (o.stream !== ORDER_STREAM || again.some((sp, i) => sp !== o.order[i])) {
    const rule = orderRule(ORDER_STREAM);
    throw new MbiError("dataset", `${where}: its order is not the one seed ${o.seed} derives (${rule})`);
  }
  return o;
}
