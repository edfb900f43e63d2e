/**
 * The method's published rho(eval, score) = 0.76 [0.63, 0.85] beside one design's measured one: inside its interval or
 * not, and whether the reliability measured in its games explains a difference. The 0.76 is read both ways, each said
 * as such: as the true correlation (observed as about 0.76·√R, and how many Fisher-z standard errors the observed
 * figure lies from that), and as what the method's own games showed (an observed figure cannot exceed its games'
 * ceiling √R: it needs a reliability of at least 0.76²).
 *
 * @module
 */

import { nearEndNote, PROFILES, rhoDefined, rhoText, type ScoreReliability, spearmanZSe } from "../method/mod.ts";
import { type Correlation, PUBLISHED } from "../analysis/mod.ts";
import { fix, int, iv } from "../core/mod.ts";

/** The published figure against a design's measured correlation. */
export interface PublishedCheck {
  /** The method's figure and interval, and the design's rho(eval, score) with its 95% percentile interval. */
  published: { rho: number; ci95: [number, number] };
  observed: { rho: number; ci95: [number, number] };
  /** The published 0.76 lies inside the design's interval; the two intervals overlap. */
  published_inside: boolean;
  intervals_overlap: boolean;
  /** √R from the design's games (null when the between-position variance is not estimable). */
  ceiling: number | null;
  /** What a true rho of 0.76 would be observed as in this design: 0.76·√R (null when R is not estimable). */
  expected_if_published_true: number | null;
  /** That expectation lies inside the design's interval: the measured variances explain the difference. */
  variances_explain: boolean | null;
  /** The published observed 0.76 exceeds the ceiling √R of this design's games. */
  published_above_ceiling: boolean | null;
  /** Fisher-z standard errors by which the observed rho lies below the expected 0.76·√R (negative: above it; null when R is not estimable). */
  se_below_expected: number | null;
  sentence: string;
}

/**
 * Compares a design's rho(eval, score), when defined, with the published figure, given its games' reliability.
 * `ceilingReading: false` leaves out the sentence that depends on the games alone (0.76 above their ceiling), for a
 * second set of values against games whose check is already said.
 */
export function checkAgainstPublished(
  obs: Correlation,
  rel: ScoreReliability,
  { ceilingReading = true }: { ceilingReading?: boolean } = {},
): PublishedCheck {
  const p = { rho: PUBLISHED.rho_eval_score, ci95: PUBLISHED.ci95 };
  const head = { published: p, observed: { rho: obs.rho, ci95: obs.ci95_percentile } };
  const published = `${p.rho} [${p.ci95[0]}, ${p.ci95[1]}]`;
  if (!rhoDefined(obs)) {
    return {
      ...head,
      published_inside: false,
      intervals_overlap: false,
      ceiling: null,
      expected_if_published_true: null,
      variances_explain: null,
      published_above_ceiling: null,
      se_below_expected: null,
      sentence: `This design's rho(eval, score) is ${rhoText(obs)}: there is nothing to compare with the published ` +
        `${published}.`,
    };
  }
  const [lo, hi] = obs.ci95_percentile;
  const inside = lo <= p.rho && p.rho <= hi;
  const overlap = lo <= p.ci95[1] && p.ci95[0] <= hi;
  const estimable = rel.between_estimable && Number.isFinite(rel.ceiling);
  const ceiling = estimable ? rel.ceiling : null;
  const expected = ceiling === null ? null : p.rho * ceiling;
  const explain = expected === null ? null : lo <= expected && expected <= hi;
  const above = ceiling === null ? null : p.rho > ceiling;
  const se = expected === null ? null : (Math.atanh(expected) - Math.atanh(obs.rho)) / spearmanZSe(rel.positions);
  // a figure within BORDERLINE_MARGIN of an end of the interval is said to be borderline (docs/METHOD.md, "Verdicts")
  const near = (x: number) => ((note) => note ? ` (${note})` : "")(nearEndNote(x, obs.ci95_percentile));
  const observed = `(observed ${fix(obs.rho, 3)})`;
  const intervals = inside ? "" : overlap ? ", though the two intervals overlap" : "; the two intervals do not overlap";
  const placed = inside ? "inside" : p.rho > hi ? "above" : "below";
  const parts = [
    `The published rho(eval, score) = ${published} lies ${placed} this design's 95% interval ` +
    `${iv(obs.ci95_percentile)}${near(p.rho)} ${observed}${intervals}.`,
  ];
  const holdsZero = lo <= 0 && 0 <= hi;
  if (expected === null) {
    const unknown = "so whether the variances explain a difference cannot be said.";
    parts.push(`The between-position variance of White's score is not estimable from these games, ${unknown}`);
  } else {
    const where = explain ? "inside" : "outside";
    const meaning = inside
      ? explain ? "" : `taken as a true correlation, ${p.rho} is not what these games would show`
      : explain
      ? "so the measured variances explain the difference"
      : "so the measured variances alone do not explain the difference";
    const side = se! >= 0 ? "below" : "above";
    const distance = Number.isFinite(se!)
      ? `the observed ${fix(obs.rho, 3)} lies ${Math.abs(se!).toFixed(1)} standard errors ${side} it ` +
        `(Fisher z, ${rel.positions} positions)`
      : "";
    const measured = `(R = ${fix(rel.reliability, 3)}, ceiling √R = ${fix(ceiling!, 3)})`;
    parts.push(
      `Read as the true correlation, ${p.rho} would be observed in games with the reliability measured here ` +
        `${measured} as about ${fix(expected, 3)}, ${where} the interval${near(expected)}.`,
    );
    // how far the observed figure lies from that, and what it means: a sentence of its own
    const then = [distance, meaning].filter((x) => x).join(meaning.startsWith("so") ? ", " : "; ");
    if (then) parts.push(`${then[0].toUpperCase()}${then.slice(1)}.`);
    if (above && ceilingReading) {
      parts.push(
        `Read as what the method's own games showed, ${p.rho} is above this ceiling: games with these variances ` +
          `cannot show it (it needs a reliability of at least ${fix(p.rho * p.rho, 3)}).`,
      );
    }
  }
  if (holdsZero) {
    parts.push(
      explain === false
        ? "The interval also holds 0: these games do not show that the values track White's score at all."
        : explain
        // outside the interval yet explained: the games cannot refute 0.76 as a true correlation, only fail to confirm it
        ? "The interval also holds 0, so these games do not confirm the published figure; read as a true correlation, they do not refute it either."
        : inside
        ? "The interval also holds 0, so these games neither confirm nor refute the published figure."
        : "The interval also holds 0, so these games do not confirm the published figure.",
    );
  }
  if (expected !== null && (holdsZero || !explain)) {
    const method = int(PROFILES.full.selfplay.nodesPerMove);
    parts.push(`Games at another budget per move (the method: ${method} nodes) may have other variances.`);
  }
  return {
    ...head,
    published_inside: inside,
    intervals_overlap: overlap,
    ceiling,
    expected_if_published_true: expected,
    variances_explain: explain,
    published_above_ceiling: above,
    se_below_expected: se,
    sentence: parts.join(" "),
  };
}
