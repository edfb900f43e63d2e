import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { raw } from "../../core/html.ts";
import type { PageData } from "./data.ts";
import { commandHtml, fenHtml, lichessUrl, missingPositionHtml, positionHtml, pvText, sourceUrl } from "./position.ts";
import { rowHtml } from "./table.ts";

const data: PageData = {
  profile: "ci",
  caption: "<Engine> & co, 20,000 nodes per position",
  engine: "<Engine>",
  limit: "20,000 nodes",
  banner: "Not the method's results.",
  legend: null,
  rows: [[
    518,
    "RNBQKBNR",
    25,
    25,
    3,
    80,
    70,
    90,
    14,
    20000,
    "e4 e5 Nf3",
  ]],
  others: [],
  selfplay: null,
  designs: [],
  method: null,
  sources: [],
  outcomes: [{
    name: "t<1>",
    title: "t<1> games",
    description: 't<1> games "of" people',
    thin: {},
    columns: ["games", "white_score"],
    labels: ["games", "White's score"],
    bySp: { "518": [10, 0.52] },
  }],
  hist: null,
  verify: "deno task verify-reproduce --sp {sp} --profile ci",
  offPv: {},
};

Deno.test("a position's view: its values, the outcome tables and the command, every text escaped", () => {
  const view = String(positionHtml(data, 0, raw("<svg></svg>")));
  ok(view.includes("SP 518 · <code>RNBQKBNR</code>"), view);
  ok(view.includes(`<p class="banner short" role="note">Not the method&#39;s results.</p>`));
  ok(view.includes("&lt;Engine&gt; &amp; co, 20,000 nodes per position"), "the caption escaped");
  ok(
    view.includes("Outcomes of SP 518 in t&lt;1&gt; games &quot;of&quot; people"),
    "the outcome table's description (its title first) escaped, said once",
  );
  ok(view.includes("<td>0.520</td>") && view.includes("<figure><svg></svg><figcaption>"));
  ok(view.includes(`<span id="d-mbi">80 <span class="iv">[70–90]</span></span>`));
  ok(view.includes("<p>No self-play results in this dataset.</p>"));
  ok(view.includes('<span class="nw">--sp</span> <span class="nw">518</span>'), "the command with this SP");
  assertEquals(pvText("e4 e5 Nf3"), "1. e4 e5 2. Nf3");
  assertEquals(String(commandHtml("a <b>")), '<span class="nw">a</span> <span class="nw">&lt;b&gt;</span>');
  ok(
    String(missingPositionHtml(data, 9999)).includes(
      "SP 9999</h2><p>Not in this dataset (&lt;Engine&gt; &amp; co, 20,000 nodes per position).",
    ),
  );
  ok(String(rowHtml(data.rows[0])).startsWith('<tr><td><a href="#sp=518">518</a></td><td><span class="br"'));
});

Deno.test("a position's FEN: copied by its button, opened on lichess's analysis board by a link", () => {
  const fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
  assertEquals(
    lichessUrl(fen),
    "https://lichess.org/analysis/chess960/bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR_w_HFhf_-_0_1",
  );
  const view = String(positionHtml(data, 0, raw("")));
  const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"; // SP 518's, from its back rank
  ok(view.includes(`<button type="button" id="d-copy" data-fen="${start}">Copy FEN</button>`), view);
  ok(view.includes(`href="${lichessUrl(start)}"`), "the lichess link");
  ok(
    String(fenHtml('a" onclick="x')).includes('data-fen="a&quot; onclick=&quot;x"'),
    "the FEN escaped in the attribute",
  );
});

Deno.test("a position whose engine answered off its PV says why; the others say nothing", () => {
  const off = String(positionHtml({ ...data, offPv: { "518": "d4" } }, 0, raw("")));
  ok(off.includes("The engine's final move, d4, is not the PV's first"), off);
  ok(!String(positionHtml(data, 0, raw(""))).includes("final move"));
});

Deno.test("a position's view: the method's value where its run has one, else 'not searched yet'; never an MBI at that budget", () => {
  const method = {
    caption: "results/full/evals.jsonl · Stockfish 17.1 · the method's budget",
    file: "results/full/evals.jsonl",
    engine: "Stockfish 17.1",
    limit: "400,000,000 nodes",
    done: 360,
    of: 960,
    bySp: { "518": [19, 45] as [number, number] },
  };
  const view = String(positionHtml({ ...data, method }, 0, raw("")));
  ok(view.includes("the method&#39;s budget, 360 of 960 positions so far"), view);
  ok(view.includes('<td>400,000,000 nodes</td><td>+19 <span class="small">(depth 45)</span></td><td>–</td>'), view);
  ok(view.includes("no MBI until all 960 are done"), view);
  const other = String(positionHtml({ ...data, method: { ...method, bySp: {} } }, 0, raw("")));
  ok(other.includes("<td>not searched yet</td>"), other);
});

Deno.test("a position's view links its page in the sources of tables not published here, never their values", () => {
  const sources = [{
    label: "Engine <X> games (50,000 from this start)",
    template: "https://example.org/t/{setup_lower}.md?sp={sp}",
  }];
  const view = String(positionHtml({ ...data, sources }, 0, raw("")));
  ok(
    view.includes(
      '<a href="https://example.org/t/rnbqkbnr.md?sp=518">Engine &lt;X&gt; games (50,000 from this start)</a>',
    ),
    view,
  );
  assertEquals(sourceUrl("a/{setup}/{setup_lower}/{sp}", 518, "RNBQKBNR"), "a/RNBQKBNR/rnbqkbnr/518");
});
