/**
 * The start FEN of a Chess960 back rank, with Shredder-FEN castling: a module without imports, so the page script
 * in the browser builds a position's FEN from its back rank (the page need not carry 960 FENs) with the same code.
 *
 * @module
 */

const FILES = "abcdefgh";

/** Builds the start FEN of a back rank, with Shredder-FEN castling (`HAha` for SP 518). */
export function setupToFen(setup: string): string {
  const kingFile = setup.indexOf("K");
  const rookFiles = [...setup].flatMap((p, i) => (p === "R" ? [i] : []));
  const outer = FILES[rookFiles.find((f) => f > kingFile)!].toUpperCase();
  const inner = FILES[rookFiles.find((f) => f < kingFile)!].toUpperCase();
  const castling = `${outer}${inner}${outer.toLowerCase()}${inner.toLowerCase()}`;
  return `${setup.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${setup} w ${castling} - 0 1`;
}
