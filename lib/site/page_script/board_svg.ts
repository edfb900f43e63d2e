/**
 * A start position drawn as SVG in chess symbols (browser and tests): the
 * page's own small board, shown at once while the board code loads.
 *
 * @module
 */

import { type Html, markup } from "../../core/html.ts";
import { BLACK, TEXT, WHITE } from "./table.ts";

const NAMES: Record<string, string> = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight" };

/** The start position of a back rank (White's first rank, files a to h) as an SVG board with coordinates. */
export function boardSvg(setup: string, sp: number): Html {
  const s = 36, files = "abcdefgh";
  const rankOf = (y: number) => {
    if (y === 0) return [...setup.toLowerCase()].map((p) => BLACK[p.toUpperCase()]);
    if (y === 1) return Array(8).fill(BLACK.P);
    if (y === 6) return Array(8).fill(WHITE.P);
    if (y === 7) return [...setup].map((p) => WHITE[p]);
    return Array(8).fill("");
  };
  const cells: Html[] = [];
  for (let y = 0; y < 8; y++) {
    const pieces = rankOf(y);
    for (let x = 0; x < 8; x++) {
      cells.push(
        markup`<rect x="${16 + x * s}" y="${y * s}" width="${s}" height="${s}" class="${(x + y) % 2 ? "dk" : "lt"}"/>`,
      );
      if (pieces[x]) {
        cells.push(markup`<text x="${16 + x * s + s / 2}" y="${y * s + s / 2}">${pieces[x]}${TEXT}</text>`);
      }
    }
    cells.push(markup`<text class="co" x="7" y="${y * s + s / 2}">${8 - y}</text>`);
  }
  for (let x = 0; x < 8; x++) {
    cells.push(markup`<text class="co" x="${16 + x * s + s / 2}" y="${8 * s + 9}">${files[x]}</text>`);
  }
  const label = `Start position SP ${sp}: White's pieces on the first rank from a to h: ${
    [...setup].map((p) => NAMES[p]).join(", ")
  }; pawns on ranks 2 and 7; Black's pieces mirrored on rank 8.`;
  return markup`<svg class="board" viewBox="0 0 ${16 + 8 * s} ${
    8 * s + 18
  }" role="img" aria-label="${label}">${cells}</svg>`;
}
