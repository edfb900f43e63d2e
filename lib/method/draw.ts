/**
 * A verifiable draw of a start position among those that meet a balance condition, and the selection books are
 * made of. A module without imports: the landing page's script draws with the same code in the browser. The rule,
 * re-checkable by hand: list the eligible positions (those that meet the condition, less the excluded ones and those
 * drawn before) by SP ascending; read the SHA-256 of the seed text (UTF-8) as one 256-bit big-endian number; the
 * draw is the position at (that number mod the count), counting from 0. With at most 960 positions the modulo's
 * bias is below 10⁻⁷³: every eligible position is as likely.
 *
 * @module
 */

/** A position as the draw and the books see it: SP, back rank, MBI and edge (|eval| in cp). */
export interface Candidate {
  sp: number;
  setup: string;
  mbi: number;
  edge_cp: number;
}

/** A balance condition: an MBI of at least `minMbi`, or an edge of at most `maxEdge` cp (or neither: every position). */
export interface Condition {
  minMbi?: number;
  maxEdge?: number;
}

/** The condition in words: `MBI ≥ 90`, `edge ≤ 10 cp`, or `any position` (`>=`, `<=` with `ascii`, for opening files). */
export function conditionText(c: Condition, ascii = false): string {
  const [ge, le] = ascii ? [">=", "<="] : ["≥", "≤"];
  const parts = [
    ...(c.minMbi !== undefined ? [`MBI ${ge} ${c.minMbi}`] : []),
    ...(c.maxEdge !== undefined ? [`edge ${le} ${c.maxEdge} cp`] : []),
  ];
  return parts.length ? parts.join(" and ") : "any position";
}

/** The positions that meet the condition and are not excluded, by SP ascending (pure). */
export function eligible(
  candidates: readonly Candidate[],
  condition: Condition,
  exclude: ReadonlySet<number>,
): Candidate[] {
  const { minMbi, maxEdge } = condition;
  const meets = (c: Candidate) =>
    (minMbi === undefined || c.mbi >= minMbi) && (maxEdge === undefined || c.edge_cp <= maxEdge);
  return candidates.filter((c) => !exclude.has(c.sp) && meets(c)).sort((a, b) => a.sp - b.sp);
}

/** The index drawn from a SHA-256 digest among `count` positions: the digest as a big-endian number, mod `count`. */
export function drawIndex(digest: Uint8Array, count: number): number {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`cannot draw among ${count} positions`);
  let n = 0n;
  for (const byte of digest) n = (n << 8n) | BigInt(byte);
  return Number(n % BigInt(count));
}

/** The rule in one line, for a draw among `count` positions. */
export function drawRule(count: number): string {
  return `list the ${count} eligible positions by SP ascending; read the SHA-256 of the seed text (UTF-8) as one ` +
    `256-bit big-endian number; the draw is the position at (that number mod ${count}), counting from 0`;
}

/** Hex digits of a digest. */
export function hex(digest: Uint8Array): string {
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Reads SP numbers and back ranks (`spOf`: a back rank's SP) split by commas or spaces; `bad`: the first neither. */
export function parseExclusions(
  text: string,
  spOf: (setup: string) => number | undefined,
): { sps: number[]; bad: string | null } {
  const sps: number[] = [];
  for (const item of text.split(/[\s,]+/).filter(Boolean)) {
    const sp = /^\d{1,3}$/.test(item) && Number(item) < 960 ? Number(item) : spOf(item.toUpperCase());
    if (sp === undefined) return { sps, bad: item };
    sps.push(sp);
  }
  return { sps, bad: null };
}
