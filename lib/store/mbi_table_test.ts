import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { buildMbiTable, mbiCsv, mbiMarkdown, readPositionValues, writeMbiTable } from "./mbi_table.ts";
import { sha256File } from "../core/mod.ts";
import { tempDir } from "../core/testing.ts";

const dir = await tempDir("mbi-table-test-");
async function file(name: string, text: string): Promise<string> {
  const p = join(dir, name);
  await Deno.writeTextFile(p, text);
  return p;
}

Deno.test("derive from CSV: table, CSV, Markdown sorted by MBI; a rerun changes no file", async () => {
  const p = await file(
    "ok.csv",
    "sp,eval_cp,other\n518,30,x\n0,-7,y\n959,7,z\n1,2,w\n",
  );
  const input = await readPositionValues(p);
  const table = await buildMbiTable(p, input, "custom");
  assertEquals(table.rows.map((r) => [r.sp, r.edge_cp, r.rank, r.mbi]), [
    [0, 7, 2.5, 50],
    [1, 2, 1, 100],
    [518, 30, 4, 0],
    [959, 7, 2.5, 50],
  ]);
  assertEquals(table.rows[2].setup, "RNBQKBNR");
  ok(
    mbiCsv(table).startsWith(
      "sp,setup,fen,eval_cp,edge_cp,rank,mbi,mbi_lo,mbi_hi\n0,BBQNNRKR,",
    ),
  );
  const md = mbiMarkdown(table).split("\n").filter((l) =>
    l.startsWith("| ") && !l.startsWith("| MBI") && !l.startsWith("| ---")
  );
  assertEquals(md.map((l) => l.split("|")[1].trim()), ["100", "50", "50", "0"]);
  ok(table.citation.includes("CC BY 4.0") && table.licence === "CC BY 4.0");
  const out = join(dir, "out");
  assertEquals((await writeMbiTable(out, table)).written, true);
  const before = await sha256File(join(out, "mbi.json"));
  const again = await buildMbiTable(p, input, "custom");
  assertEquals((await writeMbiTable(out, again)).written, false);
  assertEquals(await sha256File(join(out, "mbi.json")), before);
  // the same table from uncommitted code, then from committed code: the latter replaces the former's provenance
  const code = (dirty: boolean) => ({ ...again.code, dirty });
  const read = async () => JSON.parse(await Deno.readTextFile(join(out, "mbi.json"))).code.dirty;
  await Deno.remove(join(out, "mbi.json"));
  assertEquals((await writeMbiTable(out, { ...again, code: code(true) })).written, true);
  assertEquals((await writeMbiTable(out, { ...again, code: code(true) })).written, false);
  assertEquals((await writeMbiTable(out, { ...again, code: code(false) })).written, true);
  assertEquals(await read(), false);
  assertEquals((await writeMbiTable(out, { ...again, code: code(true) })).written, false, "never back to uncommitted");
  assertEquals(await read(), false);
});

Deno.test("derive from JSONL objects", async () => {
  const p = await file(
    "ok.jsonl",
    '{"sp":3,"eval_cp":10}\n{"sp":4,"eval_cp":20}\n',
  );
  assertEquals((await readPositionValues(p)).values.map((v) => v.eval_cp), [
    10,
    20,
  ]);
});

Deno.test("bad input names the line", async () => {
  const cases: [string, string, RegExp][] = [
    [
      "nocol.csv",
      "sp,value\n1,3\n",
      /missing column eval_cp \(the header has: sp, value\)/,
    ],
    [
      "dup.csv",
      "sp,eval_cp\n1,3\n2,4\n1,5\n",
      /line 4: duplicate SP 1 \(first on .*line 2\)/,
    ],
    [
      "range.csv",
      "sp,eval_cp\n1,3\n960,4\n",
      /line 3: SP 960 out of range \(allowed: 0\.\.959\)/,
    ],
    ["nan.csv", "sp,eval_cp\n1,abc\n", /line 2: eval_cp "abc" is not a number/],
    ["sp.csv", "sp,eval_cp\nx,1\n", /line 2: sp "x" is not a whole number/],
    ["bad.jsonl", '{"sp":1,"eval_cp":2}\n{"sp":2\n', /line 2: not valid JSON/],
    ["nofield.jsonl", '{"sp":1}\n', /line 1: missing field eval_cp/],
  ];
  for (const [name, text, message] of cases) {
    const p = await file(name, text);
    await rejects(
      readPositionValues(p),
      (e: Error) => message.test(e.message) && !e.message.includes("\n"),
      name,
    );
  }
  const mate = await file(
    "mate.jsonl",
    '{"sp":1,"eval_cp":2}\n{"sp":2,"eval_cp":null,"mate":4}\n',
  );
  await rejects(
    buildMbiTable(mate, await readPositionValues(mate), "x"),
    /SP 2 has no centipawn value \(mate 4\)/,
  );
  const header = {
    kind: "mbi-evaluations",
    schema: 1,
    config: { limit: { nodes: 100 }, options: {}, engine_fingerprint: 1 },
    positions: [1, 2, 3],
  };
  const rec = (sp: number, cp: number) =>
    JSON.stringify({ sp, eval_cp: cp, mate: null, depth: 5, pv: ["e2e4"], limit: { nodes: 100 }, raw: [] });
  const incomplete = await file("inc.jsonl", [JSON.stringify(header), rec(1, 2), rec(2, 3)].join("\n") + "\n");
  await rejects(
    buildMbiTable(incomplete, await readPositionValues(incomplete), "x"),
    /lacks 1 of its 3 positions \(e\.g\. SP 3\)/,
  );
  // A stage-1 dataset is read as one: its records are checked against its header.
  const other = await file("other.jsonl", [JSON.stringify(header), rec(7, 2)].join("\n") + "\n");
  await rejects(readPositionValues(other), /line 2: SP 7 is not one of the positions in the file's header/);
  // Numbers are numbers: hexadecimal, exponent and list values are refused.
  for (const [name, text] of [["hex.csv", "sp,eval_cp\n1,0x1F\n"], ["exp.csv", "sp,eval_cp\n1,1e3\n"]]) {
    await rejects(readPositionValues(await file(name, text)), /eval_cp ".*" is not a number/, name);
  }
  await rejects(
    readPositionValues(await file("list.jsonl", '{"sp":1,"eval_cp":[20]}\n')),
    /eval_cp \[20\] is not a number/,
  );
});

Deno.test("mbi.md: an engine name or a results key holding HTML or Markdown marks is text", async () => {
  const dir = await tempDir("mbi-md-");
  const path = join(dir, "evals.csv");
  await Deno.writeTextFile(path, "sp,eval_cp\n0,10\n1,-3\n2,25\n");
  const table = await buildMbiTable(path, await readPositionValues(path), "a|b~c");
  const md = mbiMarkdown({
    ...table,
    input: { ...table.input, engine: { uci_name: "<script>alert(1)</script>", fingerprint: 1 } },
  });
  ok(!md.includes("<script>") && md.includes("&lt;script>alert(1)&lt;/script>"), md);
  ok(md.includes("# Morozov Balance Index — a\\|b\\~c"), md.split("\n")[0]);
});
