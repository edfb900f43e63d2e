/**
 * Test helper: the resample that holds pair i `counts[i]` times, materialised
 * as two arrays (to check statistics computed from multiplicities).
 *
 * @module
 */

/** Repeats each pair (x[i], y[i]) counts[i] times. */
export function materialise(x: readonly number[], y: readonly number[], counts: Int32Array): [number[], number[]] {
  const mx: number[] = [], my: number[] = [];
  counts.forEach((c, i) => {
    for (let j = 0; j < c; j++) {
      mx.push(x[i]);
      my.push(y[i]);
    }
  });
  return [mx, my];
}
