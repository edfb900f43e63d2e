/**
 * The board code's styles (browser, bundled into `board.js`), added beside
 * chessground's. The board runs inside a dataset page, so its colours are the
 * page's custom properties of the palette (`lib/site/style.ts`); this module
 * imports nothing, which keeps the page's own styles out of the bundle.
 *
 * @module
 */

/** The board code's rules (the palette's properties come from the page). */
export const BOARD_STYLE = `
.mbi-viewer{flex:0 1 340px;min-width:0;max-width:100%}
.mbi-cg{width:min(340px,calc(100vw - 2rem));aspect-ratio:1/1;height:auto}
.mbi-cg .cg-wrap,.mbi-cg.cg-wrap{width:100%;height:100%}
.mbi-ctl{display:flex;gap:.3rem;align-items:center;flex-wrap:wrap;margin:.4rem 0}
.mbi-ctl button,.mbi-games button{font:inherit;min-width:2.6rem;min-height:2.2rem;border:1px solid var(--reference);border-radius:4px;background:var(--alternate);cursor:pointer}
.mbi-at{color:var(--muted);font-size:.875rem}
.sr{position:absolute;left:-9999px}
.mbi-title{margin:.3rem 0;font-weight:600}
.mbi-moves{line-height:1.9}
.mbi-moves button{font:inherit;border:0;background:none;padding:0 .15rem;cursor:pointer;color:var(--link)}
.mbi-moves button.op{background:var(--warning);outline:1px solid var(--warning-edge)}
.mbi-moves button.cur{background:var(--link);color:var(--background);border-radius:3px}
.mbi-ladder{display:flex;flex-wrap:wrap;gap:.5rem}.mbi-ladder svg{max-width:100%;height:auto}
.mbi-ladder .v{font-size:10px;fill:var(--strong)}
`;
