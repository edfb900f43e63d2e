/**
 * The draw of a start position for an event's round, and books of balanced positions, from an index (the best one
 * unless a profile is named): the draw by the rule of method/draw.ts with the event's log; EPD or PGN books.
 *
 * @module
 */

import { createHash } from "node:crypto";
import {
  type Candidate,
  type Condition,
  conditionText,
  datasetLabel,
  drawIndex,
  eligible,
  evalBudgetText,
  hex,
  setupToFen,
  setupToSp,
} from "../method/mod.ts";
import {
  appendDraw,
  type DrawRecord,
  evalFilePath,
  getProfile,
  profileDir,
  readDrawLog,
  readEvalDataset,
} from "../store/mod.ts";
import type { Profile } from "../method/mod.ts";
import { bestReferenceProfile, loadIndex, mostBalancedFirst } from "./mbi_index.ts";
import { MbiError } from "../core/mod.ts";

/** The index a draw or a book is made from: results key, engine (UCI name), fingerprint, budget in words, positions. */
export interface DrawDataset {
  key: string;
  engine: string;
  fingerprint: number | null;
  budget: string;
  candidates: Candidate[];
}

/** The dataset of a draw: the profile's index, or the best index here. */
export async function drawDataset(profileName?: string): Promise<DrawDataset> {
  const profile: Profile | undefined = profileName ? getProfile(profileName) : (await bestReferenceProfile())?.profile;
  if (!profile) throw new MbiError("stage-input", "no complete index here to draw from: give --profile");
  const table = await loadIndex(profile);
  const d = await readEvalDataset(evalFilePath(profileDir(profile)));
  return {
    key: table.profile,
    engine: d?.header.engine.uci_name ?? "engine unknown",
    fingerprint: d?.header.config.engine_fingerprint ?? null,
    budget: d ? evalBudgetText(d.header.config.limit) : "budget unknown",
    candidates: table.rows.map((r) => ({ sp: r.sp, setup: r.setup, mbi: r.mbi, edge_cp: r.edge_cp })),
  };
}

/** The SP of a back rank, or undefined when the text is none (for exclusion lists). */
export function spOfSetup(setup: string): number | undefined {
  try {
    return setupToSp(setup);
  } catch {
    return undefined;
  }
}

/** SHA-256 of a text's UTF-8 bytes. */
export const seedDigest = (seed: string): Uint8Array =>
  new Uint8Array(createHash("sha256").update(new TextEncoder().encode(seed)).digest());

/**
 * What a draw did: the draw (this round's, or the earlier round's of the same seed: `repeated`, nothing appended),
 * the eligible positions by SP, and those left out because earlier rounds drew them.
 */
export type DrawOutcome = { record: DrawRecord; eligible: Candidate[]; repeated: boolean; drawnBefore: number[] };

/**
 * Draws one position by the rule of method/draw.ts. With a log, earlier rounds' positions are left out and the draw
 * is appended; a seed the log holds gives that round's draw again (refused when its condition or dataset differ).
 */
export async function drawPosition(opts: {
  seed: string;
  condition: Condition;
  exclude: readonly number[];
  dataset: DrawDataset;
  log?: string;
  date?: string;
}): Promise<DrawOutcome> {
  const { seed, condition, dataset } = opts;
  const previous = opts.log ? await readDrawLog(opts.log) : [];
  const cond = conditionText(condition);
  const again = previous.find((r) => r.seed === seed);
  if (again) {
    if (again.condition !== cond || again.dataset !== dataset.key) {
      throw new MbiError(
        "draw-log",
        `seed "${seed}" was used in round ${again.round} of ${opts.log} with ${again.condition} in ${again.dataset}, not ${cond} in ${dataset.key}`,
      );
    }
    const drawnBefore = previous.filter((r) => r.round < again.round).map((r) => r.sp);
    const before = new Set([...again.excluded, ...drawnBefore]);
    return { record: again, eligible: eligible(dataset.candidates, condition, before), repeated: true, drawnBefore };
  }
  const drawnBefore = previous.map((r) => r.sp);
  const list = eligible(dataset.candidates, condition, new Set([...opts.exclude, ...drawnBefore]));
  if (list.length === 0) {
    throw new MbiError(
      "draw",
      `no position meets ${cond} in ${dataset.key} once ${opts.exclude.length} excluded and ${drawnBefore.length} drawn before are left out`,
    );
  }
  const digest = seedDigest(seed);
  const index = drawIndex(digest, list.length);
  const c = list[index];
  const record: DrawRecord = {
    kind: "mbi-draw",
    schema: 1,
    round: previous.length + 1,
    date: opts.date ?? new Date().toISOString(),
    seed,
    sha256: hex(digest),
    sp: c.sp,
    setup: c.setup,
    fen: setupToFen(c.setup),
    index,
    eligible: list.length,
    condition: cond,
    excluded: [...new Set(opts.exclude)].sort((a, b) => a - b),
    dataset: dataset.key,
    engine: dataset.engine,
    fingerprint: dataset.fingerprint,
    budget: dataset.budget,
  };
  if (opts.log) await appendDraw(opts.log, record);
  return { record, eligible: list, repeated: false, drawnBefore };
}

/** How a book's lines are ordered. */
export type BookOrder = "sp" | "mbi";
/** Castling in a book's FENs: Shredder-FEN (the rooks' files) or X-FEN (KQkq: each side has one rook on each wing). */
export type BookCastling = "shredder" | "xfen";

/** The positions of a book, in its order. */
export function bookPositions(
  dataset: DrawDataset,
  condition: Condition,
  exclude: readonly number[],
  order: BookOrder,
) {
  const list = eligible(dataset.candidates, condition, new Set(exclude));
  if (!list.length) throw new MbiError("draw", `no position meets ${conditionText(condition)} in ${dataset.key}`);
  return order === "sp" ? list : mostBalancedFirst(list);
}

/** A position's FEN with the book's castling (`fields` 4 for EPD, 6 for PGN). */
export function bookFen(setup: string, castling: BookCastling, fields: 4 | 6): string {
  const f = setupToFen(setup).split(" ");
  if (castling === "xfen") f[2] = "KQkq";
  return f.slice(0, fields).join(" ");
}

/** The book's header in words (ASCII, as opening files are read): dataset, condition, count and order. */
export function bookHeader(dataset: DrawDataset, condition: Condition, count: number, order: BookOrder): string {
  return `MBI book: ${count} Chess960 start positions with ${conditionText(condition, true)}, by ${
    order === "sp" ? "SP" : "MBI (most balanced first)"
  }; index ${dataset.key}: ${datasetLabel(dataset.engine, dataset.budget)}`;
}

/** The book as EPD lines: `id` names the position, `c0` its balance, `c1` of the first line the header. */
export function bookEpd(positions: readonly Candidate[], castling: BookCastling, header: string): string {
  const q = (s: string) => `"${s.replaceAll('"', "'")}"`;
  return positions.map((p, i) =>
    `${bookFen(p.setup, castling, 4)} id ${q(`SP ${p.sp} ${p.setup}`)}; c0 ${
      q(`MBI ${p.mbi}, edge ${p.edge_cp} cp`)
    };` +
    (i === 0 ? ` c1 ${q(header)};` : "")
  ).join("\n") + "\n";
}

/** The book as PGN: one game per position with its FEN, no moves, the header as each game's Event. */
export function bookPgn(positions: readonly Candidate[], castling: BookCastling, header: string): string {
  const tag = (k: string, v: string) => `[${k} "${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"]`;
  return positions.map((p, i) => {
    const event = { Event: header, Site: "?", Date: "????.??.??", Round: String(i + 1), White: "?", Black: "?" };
    const game = { Result: "*", Variant: "Chess960", SetUp: "1", FEN: bookFen(p.setup, castling, 6) };
    const lines = Object.entries({ ...event, ...game }).map(([k, v]) => tag(k, v));
    return [...lines, "", `{SP ${p.sp} ${p.setup}, MBI ${p.mbi}, edge ${p.edge_cp} cp} *`, ""].join("\n");
  }).join("\n");
}
