/**
 * Average ranks: 1-based ranks in ascending order where tied values share
 * the mean of the ranks they occupy. Used by the MBI (ranks of edges) and by
 * Spearman's rho (Pearson correlation of average ranks).
 *
 * Written by hand (a few lines) because the index needs exactly this tie rule
 * with documented behaviour, and simple-statistics does not export its ranks.
 *
 * @module
 */

/** Returns the average ranks (1-based, ascending, ties share their mean rank) of `values`. */
export function averageRanks(values: readonly number[]): number[] {
  for (const v of values) {
    if (!Number.isFinite(v)) {
      throw new RangeError(`cannot rank ${v}: only finite numbers have a rank`);
    }
  }
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const ranks = new Array<number>(values.length);
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && values[order[j + 1]] === values[order[i]]) {
      j++;
    }
    // positions i..j (0-based) hold equal values: ranks i+1..j+1, mean (i+j)/2+1
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]] = rank;
    i = j + 1;
  }
  return ranks;
}
