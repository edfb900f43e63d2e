/**
 * The page's script: search, sort, the back ranks drawn, and the per-position
 * view, over the data embedded in the page. It is one function whose source
 * (`siteClient.toString()`, which Deno gives as plain JavaScript) is inlined
 * into the page, so it is type-checked and linted with the rest of the code
 * while the page needs no file or network besides itself.
 *
 * Written by hand: a 960-row table with a search box and sortable columns is
 * less code than any table library's glue, and the page must stay small and
 * self-contained.
 *
 * @module
 */

/** One row of the embedded table: sp, setup, fen, eval, edge, rank, mbi, lo, hi, depth, nodes, PV (SAN, space-separated). */
export type PageRow = [
  number,
  string,
  string,
  number,
  number,
  number,
  number,
  number | null,
  number | null,
  number,
  number | null,
  string,
];

/** The data embedded in the page (`<script type="application/json" id="mbi-data">`). */
export interface PageData {
  /** Profile (results key). */
  profile: string;
  /** "quick profile · Stockfish 17.1 WASM · 125,000 nodes per position": what every figure and table says. */
  caption: string;
  /** The dataset's engine (UCI name). */
  engine: string;
  /** Its search limit per position, e.g. `125,000 nodes`. */
  limit: string;
  /** The short "not the method's results" banner (null at the method's budgets), repeated in one position's view. */
  banner: string | null;
  /** What the [lo–hi] beside an MBI is (null when the table has no intervals). */
  legend: string | null;
  /** Rows in SP order. */
  rows: PageRow[];
  /** Other complete datasets: label and per row [eval, mbi, lo, hi] (aligned with rows). */
  others: { folder: string; engine: string; limit: string; relation: string; values: (number | null)[][] }[];
  /** Self-play per SP: [games, wins, draws, losses, score, lo, hi, distinct, avg plies], with its caption. */
  selfplay: { caption: string; positions: number; bySp: Record<string, number[]> } | null;
  /** Outcome tables. */
  outcomes: {
    name: string;
    description: string;
    columns: string[];
    /** The columns' labels for people (aligned with columns). */
    labels: string[];
    bySp: Record<string, (number | string)[]>;
  }[];
  /** Histogram scales (to mark a position) and the ends of its clipped axis. */
  hist: { x: number[]; xr: number[]; y: number[]; yr: number[]; lo: number; hi: number } | null;
  /** The command that recomputes a position, without the SP. */
  verify: string;
}

/** Runs in the browser: wires the search, sorting and the position view. Self-contained: uses nothing outside itself. */
export function siteClient(): void {
  const data = JSON.parse(document.getElementById("mbi-data")!.textContent!) as PageData;
  const $ = (id: string) => document.getElementById(id)!;
  // Its own escape (like page.ts's): this function runs in the browser and may use nothing outside itself.
  const esc = (s: unknown) =>
    String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  const signed = (v: number) => (v > 0 ? `+${v}` : String(v));
  const WHITE: Record<string, string> = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙" };
  const BLACK: Record<string, string> = { K: "♚", Q: "♛", R: "♜", B: "♝", N: "♞", P: "♟" };
  const TEXT = "\uFE0E"; // text presentation: no emoji pawn
  const N = data.rows.length;
  const col = {
    sp: 0,
    setup: 1,
    fen: 2,
    eval: 3,
    edge: 4,
    rank: 5,
    mbi: 6,
    lo: 7,
    hi: 8,
    depth: 9,
    nodes: 10,
    pv: 11,
  } as const;
  const bySp = new Map(data.rows.map((r, i) => [r[0], i]));
  const mbiText = (mbi: number, lo: number | null, hi: number | null) =>
    lo === null || hi === null ? String(mbi) : `${mbi} <span class="iv">[${lo}–${hi}]</span>`;

  // --- the table ----------------------------------------------------------
  const backRank = (setup: string) =>
    `<span class="br" aria-hidden="true">${
      [...setup].map((p) => `<span>${WHITE[p]}${TEXT}</span>`).join("")
    }</span> <code>${setup}</code>`;
  const rowHtml = (r: PageRow) =>
    `<tr><td><a href="#sp=${r[0]}">${r[0]}</a></td><td>${backRank(r[1])}</td><td>${signed(r[3])}</td><td>${
      r[4]
    }</td><td>${r[5]}</td><td>${mbiText(r[6], r[7], r[8])}</td></tr>`;
  type Key = "sp" | "mbi" | "eval" | "edge" | "rank";
  const firstDir: Record<Key, 1 | -1> = { sp: 1, mbi: -1, eval: 1, edge: 1, rank: 1 };
  let sortKey: Key = "sp";
  let dir: 1 | -1 = 1;
  let query = "";

  /** Which rows a query matches: an SP, a back rank (or its beginning), or a FEN (its back rank). */
  const matcher = (q: string): ((r: PageRow) => boolean) | string => {
    const t = q.trim();
    if (t === "") return () => true;
    if (/^\d+$/.test(t)) return (r) => r[0] === Number(t);
    if (t.includes("/")) {
      const ranks = t.split(/\s+/)[0].split("/");
      const white = ranks[7] ?? "";
      if (ranks.length !== 8 || ranks[0] !== white.toLowerCase() || !/^[KQRBN]{8}$/.test(white)) {
        return "not a Chess960 start FEN (mirrored back ranks expected)";
      }
      return (r) => r[1] === white;
    }
    if (/^[KQRBNkqrbn]{1,8}$/.test(t)) {
      const u = t.toUpperCase();
      return (r) => r[1].startsWith(u);
    }
    return "type an SP number (0–959), a back rank such as RNBQKBNR, or a FEN";
  };

  const render = () => {
    const m = matcher(query);
    const rows = typeof m === "string" ? [] : data.rows.filter(m);
    const c = col[sortKey];
    rows.sort((a, b) => ((a[c] as number) - (b[c] as number)) * dir || a[0] - b[0]);
    $("rows").innerHTML = rows.map(rowHtml).join("");
    $("status").textContent = typeof m === "string"
      ? `No match: ${m}.`
      : `${rows.length} of ${N} positions${query.trim() ? ` match “${query.trim()}”` : ""}, sorted by ${sortKey} ${
        dir === 1 ? "ascending" : "descending"
      }.`;
    for (const th of document.querySelectorAll<HTMLElement>("th[data-key]")) {
      th.setAttribute(
        "aria-sort",
        th.dataset.key === sortKey ? (dir === 1 ? "ascending" : "descending") : "none",
      );
    }
  };
  ($("q") as HTMLInputElement).addEventListener("input", (e) => {
    query = (e.target as HTMLInputElement).value;
    render();
  });
  for (const b of document.querySelectorAll<HTMLButtonElement>("th[data-key] button")) {
    b.addEventListener("click", () => {
      const k = b.closest("th")!.dataset.key as Key;
      dir = k === sortKey ? (dir === 1 ? -1 : 1) : firstDir[k];
      sortKey = k;
      render();
    });
  }

  // --- one position -------------------------------------------------------
  const board = (setup: string, sp: number) => {
    const s = 36, files = "abcdefgh";
    const rankOf = (y: number) => {
      if (y === 0) return [...setup.toLowerCase()].map((p) => BLACK[p.toUpperCase()]);
      if (y === 1) return Array(8).fill(BLACK.P);
      if (y === 6) return Array(8).fill(WHITE.P);
      if (y === 7) return [...setup].map((p) => WHITE[p]);
      return Array(8).fill("");
    };
    let cells = "";
    for (let y = 0; y < 8; y++) {
      const pieces = rankOf(y);
      for (let x = 0; x < 8; x++) {
        cells += `<rect x="${16 + x * s}" y="${y * s}" width="${s}" height="${s}" class="${
          (x + y) % 2 ? "dk" : "lt"
        }"/>`;
        if (pieces[x]) {
          cells += `<text x="${16 + x * s + s / 2}" y="${y * s + s / 2}">${pieces[x]}${TEXT}</text>`;
        }
      }
      cells += `<text class="co" x="7" y="${y * s + s / 2}">${8 - y}</text>`;
    }
    for (let x = 0; x < 8; x++) {
      cells += `<text class="co" x="${16 + x * s + s / 2}" y="${8 * s + 9}">${files[x]}</text>`;
    }
    const names: Record<string, string> = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight" };
    const label = `Start position SP ${sp}: White's pieces on the first rank from a to h: ${
      [...setup].map((p) => names[p]).join(", ")
    }; pawns on ranks 2 and 7; Black's pieces mirrored on rank 8.`;
    return `<svg class="board" viewBox="0 0 ${16 + 8 * s} ${
      8 * s + 18
    }" role="img" aria-label="${label}">${cells}</svg>`;
  };

  const pvText = (pv: string) => {
    const moves = pv ? pv.split(" ") : [];
    return moves.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${m}` : m)).join(" ");
  };

  const placeInDistribution = (r: PageRow) => {
    const h = data.hist;
    const src = document.querySelector("#hist svg");
    if (!h || !src) return "";
    const clamp = Math.min(h.hi, Math.max(h.lo, r[col.eval]));
    const x = h.xr[0] + (clamp - h.x[0]) / (h.x[1] - h.x[0]) * (h.xr[1] - h.xr[0]);
    const svg = src.cloneNode(true) as SVGSVGElement;
    svg.removeAttribute("id");
    svg.setAttribute("aria-label", `Histogram of the values with SP ${r[0]} marked at ${signed(r[col.eval])} cp`);
    const ns = "http://www.w3.org/2000/svg";
    const line = document.createElementNS(ns, "line");
    for (const [k, v] of [["x1", x], ["x2", x], ["y1", Math.min(...h.yr)], ["y2", Math.max(...h.yr)]] as const) {
      line.setAttribute(k, String(v));
    }
    line.setAttribute("class", "mark");
    const label = document.createElementNS(ns, "text");
    // the label on the side of the line with room for it
    const right = x > (h.xr[0] + h.xr[1]) / 2;
    label.setAttribute("x", String(right ? x - 4 : x + 4));
    if (right) label.setAttribute("text-anchor", "end");
    label.setAttribute("y", String(Math.min(...h.yr) + 12));
    label.setAttribute("class", "marklabel");
    label.textContent = `SP ${r[0]}`;
    svg.append(line, label);
    return svg.outerHTML;
  };

  const showPosition = (sp: number) => {
    const i = bySp.get(sp);
    const view = $("detail");
    if (i === undefined) {
      view.innerHTML = `<h2 id="detail-title" tabindex="-1">SP ${esc(sp)}</h2><p>Not in this dataset (${
        esc(data.caption)
      }).</p><p><a href="#positions">← All positions</a></p>`;
    } else {
      const r = data.rows[i];
      const moreBalancedThan = data.rows.filter((o) => o[col.edge] > r[col.edge]).length;
      // the dataset's name with its engine and relation under it: identifying at any width (no column to hide)
      const datasetCell = (folder: string, engine: string, relation: string) =>
        `${esc(folder)}<br><span class="small">${esc(engine)} · ${esc(relation)}</span>`;
      const others = data.others.map((o) => {
        const v = o.values[i];
        return `<tr><th scope="row">${
          datasetCell(o.folder, o.engine, o.relation === "budget" ? "same engine, other budget" : "other engine")
        }</th><td>${esc(o.limit)}</td><td>${signed(v[0] as number)}</td><td>${
          mbiText(v[1] as number, v[2], v[3])
        }</td></tr>`;
      }).join("");
      // One position's row of a table, as a column of name and value (narrow enough for a phone).
      const oneRow = (caption: string, cells: [string, string][]) =>
        `<table class="one"><caption>${caption}</caption><tbody>${
          cells.map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${v}</td></tr>`).join("")
        }</tbody></table>`;
      const sp1 = data.selfplay?.bySp[String(sp)];
      const selfplay = !data.selfplay
        ? "<p>No self-play results in this dataset.</p>"
        : sp1
        ? oneRow(`Self-play of SP ${sp}: ${esc(data.selfplay.caption)}`, [
          ["games", String(sp1[0])],
          ["White wins", String(sp1[1])],
          ["draws", String(sp1[2])],
          ["White losses", String(sp1[3])],
          ["White's score [95%]", `${sp1[4].toFixed(3)} [${sp1[5].toFixed(2)}–${sp1[6].toFixed(2)}]`],
          ["distinct games", String(sp1[7])],
          ["mean plies", sp1[8].toFixed(0)],
        ])
        : `<p>SP ${sp} was not among the ${data.selfplay.positions} self-play positions (${
          esc(data.selfplay.caption)
        }).</p>`;
      const outcomes = data.outcomes.map((t) => {
        const v = t.bySp[String(sp)];
        return v
          ? oneRow(
            `Outcomes of SP ${sp} in ${esc(t.name)}: ${esc(t.description)}`,
            t.columns.map((
              c,
              j,
            ) => [t.labels[j] ?? c, esc(typeof v[j] === "number" && !Number.isInteger(v[j]) ? v[j].toFixed(3) : v[j])]),
          )
          : `<p>SP ${sp} has no row in the outcome table ${esc(t.name)}.</p>`;
      }).join("");
      // a command wraps between its words only (not after the hyphen of an option)
      const command = (c: string) => c.split(" ").map((w) => `<span class="nw">${esc(w)}</span>`).join(" ");
      const beyond = data.hist && (r[col.eval] < data.hist.lo || r[col.eval] > data.hist.hi)
        ? ` Its value lies beyond the clipped axis (${data.hist.lo} .. ${data.hist.hi} cp); the line is at the axis's end.`
        : "";
      view.innerHTML = `<p><a href="#positions">← All positions</a></p>
<h2 id="detail-title" tabindex="-1">SP ${sp} · <code>${r[col.setup]}</code></h2>
${data.banner ? `<p class="banner short" role="note">${esc(data.banner)}.</p>` : ""}
<p class="cap">${esc(data.caption)}</p>
<div class="pos">
<div id="d-board">${board(r[col.setup], sp)}</div>
<dl class="facts">
<dt>MBI</dt><dd><span id="d-mbi">${mbiText(r[col.mbi], r[col.lo], r[col.hi])}</span>${
        data.legend && r[col.lo] !== null ? `<br><span class="small">${esc(data.legend)}</span>` : ""
      }</dd>
<dt>Rank by edge</dt><dd id="d-rank">${r[col.rank]} of ${N}</dd>
<dt>Engine value</dt><dd id="d-eval">${signed(r[col.eval])} cp (White's view)</dd>
<dt>Edge</dt><dd id="d-edge">${r[col.edge]} cp</dd>
<dt>Depth</dt><dd id="d-depth">${r[col.depth]}</dd>
<dt>Nodes</dt><dd>${r[col.nodes] === null ? "–" : (r[col.nodes] as number).toLocaleString("en-US")}</dd>
<dt>FEN</dt><dd><code>${esc(r[col.fen])}</code></dd>
</dl>
</div>
<h3>Principal variation</h3>
<p id="d-pv">${esc(pvText(r[col.pv])) || "–"}</p>
<h3>Its place in the distribution</h3>
<p>Edge ${r[col.edge]} cp: more balanced than ${moreBalancedThan} of the ${N} positions (${
        Math.round(100 * moreBalancedThan / N)
      }%).</p>
<figure>${placeInDistribution(r)}<figcaption>${
        esc(data.caption)
      }; n = ${N}. The line marks SP ${sp}.${beyond}</figcaption></figure>
<h3>The index across datasets</h3>
${
        data.others.length
          ? `<div class="scroll"><table><caption>SP ${sp} in every complete dataset over the same ${N} positions; each index is relative to its own dataset</caption>
<thead><tr><th scope="col">dataset · engine · relation</th><th scope="col">budget</th><th scope="col">eval cp</th><th scope="col">MBI</th></tr></thead>
<tbody><tr class="this"><th scope="row">${datasetCell(data.profile, data.engine, "this dataset")}</th><td>${
            esc(data.limit)
          }</td><td>${signed(r[col.eval])}</td><td>${
            mbiText(r[col.mbi], r[col.lo], r[col.hi])
          }</td></tr>${others}</tbody></table></div>`
          : "<p>No other complete dataset over the same positions.</p>"
      }
<div id="d-ladder"></div>
<h3>Self-play</h3>
${selfplay}
<div id="d-games"></div>
${data.outcomes.length ? `<h3>Outcomes of real games</h3>${outcomes}` : ""}
<h3>Reproduce it</h3>
<p>Recompute this position from scratch and compare value, depth, PV and nodes bit for bit:</p>
<pre><code>${command(data.verify.replace("{sp}", String(sp)))}</code></pre>`;
    }
    view.hidden = false;
    $("table-view").hidden = true;
    $("detail-title").focus();
    $("detail").scrollIntoView({ block: "start" });
    // the board code (loaded on demand) fills #d-board, #d-ladder and #d-games
    if (i !== undefined) document.dispatchEvent(new CustomEvent("mbi-position", { detail: sp }));
  };

  const route = () => {
    const m = /^#sp=(\d+)$/.exec(location.hash);
    if (m) return showPosition(Number(m[1]));
    $("detail").hidden = true;
    $("table-view").hidden = false;
  };
  addEventListener("hashchange", route);

  render();
  route();
  document.documentElement.dataset.ready = "true";
  performance.mark("mbi-table-ready");
}
