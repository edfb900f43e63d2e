import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import * as v from "valibot";
import { checkRecord, count, fileKind, integer, parseJsonText, schemaVersion, texts } from "./records.ts";
import { isMbiError, MbiError } from "./errors.ts";

const Rec = v.object({
  kind: fileKind("mbi-x"),
  schema: schemaVersion(2),
  sp: integer(),
  depth: count(),
  pv: texts("is not a list of moves"),
  inner: v.object({ nodes: integer() }),
}, "not a record (an object)");

const good = { kind: "mbi-x", schema: 2, sp: 518, depth: 12, pv: ["e2e4"], inner: { nodes: 5 }, extra: "kept" };

function message(value: unknown): string {
  let m = "";
  throws(() => checkRecord(Rec, value, "f.jsonl line 7", "dataset"), (e: Error) => {
    ok(isMbiError(e, "dataset") && !e.message.includes("\n"), e.message);
    m = e.message;
    return true;
  });
  return m;
}

Deno.test("checkRecord returns the value as read: same object, its keys in their order, unknown fields kept", () => {
  const r = checkRecord(Rec, good, "f.jsonl line 7", "dataset");
  ok(r === good);
  assertEquals(Object.keys(r), ["kind", "schema", "sp", "depth", "pv", "inner", "extra"]);
});

Deno.test("a bad record: one line naming the file and line, the field, its value and what is allowed", () => {
  assertEquals(message(null), "f.jsonl line 7: not a record (an object)");
  assertEquals(message({ ...good, sp: undefined }), "f.jsonl line 7: sp is missing (expected a whole number)");
  assertEquals(message({ ...good, sp: 1.5 }), "f.jsonl line 7: sp 1.5 is not a whole number");
  assertEquals(message({ ...good, depth: -1 }), "f.jsonl line 7: depth -1 is not a whole number >= 0");
  assertEquals(message({ ...good, pv: ["e2e4", 3] }), "f.jsonl line 7: pv.1 3 is not a list of moves");
  assertEquals(message({ ...good, inner: { nodes: "x" } }), 'f.jsonl line 7: inner.nodes "x" is not a whole number');
  assertEquals(message({ ...good, kind: "other" }), 'f.jsonl line 7: kind "other" is not "mbi-x"');
  assertEquals(message({ ...good, schema: 3 }), "f.jsonl line 7: schema 3 is newer than this code reads (up to 2)");
  const { inner: _, ...noInner } = good;
  assertEquals(message(noInner), "f.jsonl line 7: inner is missing (expected an object)");
});

Deno.test("a damaged JSON file is one line naming it, the parser's reason and the command that writes it again", () => {
  assertEquals(parseJsonText('{"a":1}', "x.json", "stage-input", "run deno task y"), { a: 1 });
  throws(
    () => parseJsonText('{"a":', "results/x.json", "mbi-input", "run deno task derive-mbi to write it again"),
    (e: unknown) =>
      e instanceof MbiError && e.code === "mbi-input" &&
      /^results\/x\.json is damaged \(.+\): run deno task derive-mbi to write it again$/.test(e.message),
  );
});
