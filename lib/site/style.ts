/**
 * The pages' styles, and the labelled table they turn into blocks of lines on a phone. The colours are the palette
 * (lib/plot `PALETTE`) as CSS custom properties: a module rather than a `.css` file, so they are written once.
 *
 * @module
 */

import { PALETTE } from "../plot/mod.ts";
import { type Html, type HtmlValue, markup } from "../core/mod.ts";

/** The palette as CSS custom properties on `:root`. */
export const PALETTE_VARIABLES = `:root{${
  Object.entries(PALETTE).map(([role, colour]) => `--${role.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${colour}`)
    .join(";")
}}`;

/**
 * The pages' shared styles (the dataset pages and the landing page). A table wider than a phone scrolls in its
 * `.scroll` box, which shows a shadow at each side where more of it lies: two shadows fixed to the box's edges, and two
 * covers in the background colour that scroll with the table (`background-attachment: local`) and hide a shadow once
 * that end is reached. The rows' stripes are see-through, so the shadows show through them.
 */
export const PAGE_STYLE = `
${PALETTE_VARIABLES}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--text);background:var(--background)}
header,main,footer{max-width:72rem;margin:0 auto;padding:0 1rem}
a{color:var(--link)}
:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--background);padding:.5rem;z-index:1}
h1{font-size:1.7rem;margin:1rem 0 .25rem}h2{font-size:1.35rem;margin-top:2rem;border-bottom:1px solid var(--line)}h3{font-size:1.1rem}
.sub,.cap,.small{color:var(--muted)}.small{font-size:.875rem}
.banner{background:var(--warning);border:2px solid var(--warning-edge);color:var(--warning-text);padding:.6rem .8rem;border-radius:4px;font-weight:600}
nav{display:flex;flex-wrap:wrap;gap:.15rem .9rem}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-variant-numeric:tabular-nums}
caption{text-align:left;color:var(--muted);font-size:.875rem;padding:.25rem 0;caption-side:top;max-width:calc(100vw - 2rem);overflow-wrap:anywhere}
th,td{border-bottom:1px solid var(--line);padding:.3rem .6rem;text-align:left;vertical-align:top}
tbody tr:nth-child(even){background:var(--stripe)}
.scroll{overflow-x:auto;max-width:100%;background:linear-gradient(to right,var(--background) 30%,transparent) left/2.5rem 100%,linear-gradient(to left,var(--background) 30%,transparent) right/2.5rem 100%,radial-gradient(farthest-side at 0 50%,var(--scroll-shadow),transparent) left/.8rem 100%,radial-gradient(farthest-side at 100% 50%,var(--scroll-shadow),transparent) right/.8rem 100%;background-repeat:no-repeat;background-attachment:local,local,scroll,scroll}
#table td:nth-child(n+3),#table th:nth-child(n+3){text-align:right}
th button{font:inherit;font-weight:700;background:none;border:1px solid var(--line);border-radius:3px;padding:.15rem .4rem;cursor:pointer;color:var(--text)}
th[aria-sort=ascending] button::after{content:" ▲"}th[aria-sort=descending] button::after{content:" ▼"}
.br{display:inline-flex;vertical-align:middle;border:1px solid var(--board-edge)}
.br span{display:inline-block;width:1.45em;text-align:center;line-height:1.45em;font-size:1.05em;color:var(--strong);font-family:"DejaVu Sans","Segoe UI Symbol","Noto Sans Symbols 2",sans-serif}
.br span:nth-child(odd){background:var(--dark-square)}.br span:nth-child(even){background:var(--light-square)}
.iv{color:var(--muted);font-size:.875em}
label{font-weight:600;display:block;margin:.5rem 0 .25rem}
input[type=search],input[type=text]{font:inherit;width:100%;max-width:32rem;padding:.45rem .6rem;border:2px solid var(--field);border-radius:4px}
.pos{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:flex-start}
.board{width:100%;max-width:320px;height:auto}
.board .lt{fill:var(--light-square)}.board .dk{fill:var(--dark-square)}
.board text{font-size:28px;text-anchor:middle;dominant-baseline:central;font-family:"DejaVu Sans","Segoe UI Symbol","Noto Sans Symbols 2",sans-serif}
.board text.co{font-size:11px;fill:var(--muted)}
.facts{display:grid;grid-template-columns:auto minmax(0,1fr);gap:.2rem 1rem;margin:0}.pos .facts{flex:1 1 18rem;min-width:0}.facts dt{font-weight:600}.facts dd{margin:0;overflow-wrap:break-word}
figure{margin:1rem 0}figure svg{max-width:100%;height:auto}figcaption{color:var(--muted);font-size:.875rem}
.mark{stroke:var(--negative);stroke-width:3}.marklabel{fill:var(--negative);font:bold 12px sans-serif}
pre{background:var(--alternate);padding:.6rem;white-space:pre-wrap;border-radius:4px}
code{overflow-wrap:break-word}
h2,h3,h4,.wrap{overflow-wrap:anywhere}p,li{overflow-wrap:break-word}
tr.this{font-weight:600}
ul.limits li,ul.sure li{margin:.35rem 0}
footer{margin:3rem auto 2rem;color:var(--muted);font-size:.875rem;border-top:1px solid var(--line);padding-top:1rem}
.narrow{display:none}.nw{white-space:nowrap}
table.one th{font-weight:600;padding-right:1.2rem}
.banner.short{font-size:.9rem;margin:.25rem 0 .75rem}
@media (max-width:600px){.pos .facts{order:-1}}
@media (max-width:600px){body{font-size:15px}th,td{padding:.25rem .35rem}h1{font-size:1.4rem}
table.lr,table.lr tbody,table.lr tr,table.lr th[scope=row],table.lr td{display:block;width:100%}
table.lr thead{position:absolute;left:-9999px}
table.lr caption{display:block;width:100%;max-width:none}
table.lr tr{border-bottom:2px solid var(--line);padding:.3rem 0}
table.lr td,table.lr th[scope=row]{border:0;padding:.1rem 0;text-align:left;overflow-wrap:anywhere}
table.lr td::before,table.lr th[scope=row]::before{content:attr(data-label) ": ";font-weight:600;color:var(--muted)}
}
@media (max-width:520px){
#table th:nth-child(4),#table td:nth-child(4),#table th:nth-child(5),#table td:nth-child(5),#table .br{display:none}
.narrow{display:block}th button{padding:.1rem .25rem}.wide{display:none}
}
`;

/** What the landing page adds: the lead, the search form, the two lists of positions, the colour key of its figure. */
export const LANDING_STYLE = `
.key{display:inline-flex;align-items:center;gap:.3rem;margin-right:.8rem}.key span{display:inline-block;width:.9rem;height:.9rem;border-radius:2px}
.lead{font-size:1.1rem;max-width:52rem;margin:.25rem 0 .75rem}
.find .row{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;max-width:32rem}.find input{flex:1;min-width:0}
.find .pair{display:flex;align-items:center;gap:.5rem}.find input[inputmode=numeric]{flex:0 0 4.5rem}
.find button{font:inherit;font-weight:600;padding:.4rem .9rem;border:2px solid var(--field);border-radius:4px;background:var(--alternate);cursor:pointer}
.extremes{display:flex;flex-wrap:wrap;gap:0 2.5rem}.extremes>div{flex:1 1 20rem;min-width:0}
.extremes h2{font-size:1.15rem;margin-top:1.2rem}
ol.positions{list-style:none;padding:0;margin:0}ol.positions li{padding:.15rem 0;border-bottom:1px solid var(--line)}
ol.positions a{text-decoration:none;color:var(--text)}ol.positions a:hover .sp,ol.positions a:focus .sp{text-decoration:underline}
ol.positions .sp{display:inline-block;min-width:4.2rem;font-weight:600;color:var(--link)}
ol.positions .v,ol.positions .m{white-space:nowrap;color:var(--muted);font-size:.9rem}ol.positions .m{font-style:italic}
nav.more{margin:2rem 0 0;padding:.5rem 0;border-top:1px solid var(--line)}
nav.top{margin:.25rem 0 0}nav.top a{margin-right:1rem;white-space:nowrap}
.sure{display:flex;flex-wrap:wrap;gap:0 2.5rem;align-items:flex-start}.sure>div{flex:1 1 26rem;min-width:0}
.sure figure{flex:0 1 420px;margin-top:1.2rem}.sure h2{font-size:1.15rem;margin-top:1.2rem}
`;

/** A table whose cells carry their column's label: on a phone each row becomes a block of labelled lines. */
export function labelledTable(caption: string, head: string[], rows: HtmlValue[][], id?: string): Html {
  const body = rows.map((r) =>
    markup`<tr>${
      r.map((c, i) =>
        i === 0
          ? markup`<th scope="row" data-label="${head[0]}">${c}</th>`
          : markup`<td data-label="${head[i]}">${c}</td>`
      )
    }</tr>`
  );
  return markup`<table class="lr"${id && markup` id="${id}"`}><caption>${caption}</caption><thead><tr>${
    head.map((h) => markup`<th scope="col">${h}</th>`)
  }</tr></thead><tbody>${body}</tbody></table>`;
}
