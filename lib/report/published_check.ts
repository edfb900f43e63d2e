/**
 * The method's published validation figure beside one design's measured one:
 * whether the published rho(eval, score) = 0.76 [0.63, 0.85] lies inside the
 * design's interval, and whether the reliability measured in the design's
 * games explains a difference (a true 0.76 is observed as about 0.76·√R).
 *
 * @module
 */

import { nearEndNote, type ScoreReliability } from "../method/mod.ts";
import { type Correlation, PUBLISHED } from "../analysis/mod.ts";

/** The published figure against a design's measured correlation. */
export interface PublishedCheck {
  /** The method's figure and interval. */
  published: { rho: number; ci95: [number, number] };
  /** The design's rho(eval, score) and its 95% percentile interval. */
  observed: { rho: number; ci95: [number, number] };
  /** The published 0.76 lies inside the design's interval. */
  published_inside: boolean;
  /** The two intervals overlap. */
  intervals_overlap: boolean;
  /** √R from the design's games (null when the between-position variance is not estimable). */
  ceiling: number | null;
  /** What a true rho of 0.76 would be observed as in this design: 0.76·√R (null when R is not estimable). */
  expected_if_published_true: number | null;
  /** That expectation lies inside the design's interval: the measured variances explain the difference. */
  variances_explain: boolean | null;
  /** The published observed 0.76 exceeds the ceiling √R of this design's games. */
  published_above_ceiling: boolean | null;
  /** The computed sentence. */
  sentence: string;
}

const f3 = (x: number) => x.toFixed(3);
const iv = (c: readonly [number, number]) => `[${f3(c[0])}, ${f3(c[1])}]`;

/** Compares a design's rho(eval, score) with the published figure, using the reliability of its games. */
export function checkAgainstPublished(obs: Correlation, rel: ScoreReliability): PublishedCheck {
  const p = { rho: PUBLISHED.rho_eval_score, ci95: PUBLISHED.ci95 };
  const [lo, hi] = obs.ci95_percentile;
  const inside = lo <= p.rho && p.rho <= hi;
  const overlap = lo <= p.ci95[1] && p.ci95[0] <= hi;
  const estimable = rel.between_estimable && Number.isFinite(rel.ceiling);
  const ceiling = estimable ? rel.ceiling : null;
  const expected = ceiling === null ? null : p.rho * ceiling;
  const explain = expected === null ? null : lo <= expected && expected <= hi;
  const above = ceiling === null ? null : p.rho > ceiling;
  // a figure within BORDERLINE_MARGIN of an end of the interval is said to be borderline (docs/METHOD.md, "Verdicts")
  const near = (x: number) => ((note) => note ? ` (${note})` : "")(nearEndNote(x, obs.ci95_percentile));
  const parts = [
    `The published rho(eval, score) = ${p.rho} [${p.ci95[0]}, ${p.ci95[1]}] lies ${
      inside ? "inside" : "outside"
    } this design's 95% interval ${iv(obs.ci95_percentile)}${near(p.rho)} (observed ${f3(obs.rho)})${
      inside ? "" : overlap ? "; the two intervals overlap" : "; the two intervals do not overlap"
    }.`,
  ];
  if (expected === null) {
    parts.push(
      "The between-position variance of White's score is not estimable from these games, so whether the variances explain a difference cannot be said.",
    );
  } else {
    const where = explain ? "inside" : "outside";
    const meaning = inside
      ? explain ? "" : ": taken as a true correlation, 0.76 is not what these games would show"
      : explain
      ? ": the measured variances explain the difference"
      : ": the measured variances do not explain the difference";
    parts.push(
      `With the reliability measured in these games (R = ${f3(rel.reliability)}, ceiling √R = ${
        f3(ceiling!)
      }), a true rho of ${p.rho} would be observed as about ${f3(expected)}, ${where} the interval${
        near(expected)
      }${meaning}.`,
    );
    if (above) {
      parts.push(`The published observed ${p.rho} is above this ceiling: games with these variances cannot show it.`);
    }
    if (explain && lo <= 0 && 0 <= hi) {
      parts.push(
        "The interval also holds 0, so these games neither confirm nor refute the published figure; games at another budget per move may have other variances.",
      );
    }
  }
  return {
    published: p,
    observed: { rho: obs.rho, ci95: obs.ci95_percentile },
    published_inside: inside,
    intervals_overlap: overlap,
    ceiling,
    expected_if_published_true: expected,
    variances_explain: explain,
    published_above_ceiling: above,
    sentence: parts.join(" "),
  };
}
