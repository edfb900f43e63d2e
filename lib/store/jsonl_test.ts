import { deepStrictEqual as assertEquals, rejects } from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../core/testing.ts";
import { JsonlAppender, readJsonl } from "./jsonl.ts";

// Recovery on bytes: a byte-order mark, characters of several bytes and a torn tail cut mid-character must not move
// the cut; every complete line stays byte for byte. A file that is not UTF-8 is refused and left unchanged.

const enc = new TextEncoder();
const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);
const join8 = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

Deno.test("a BOM, accented names and a tail torn mid-character: resumed at the last complete line, byte for byte", async () => {
  const dir = await tempDir("jsonl-");
  const path = join(dir, "evals.jsonl");
  const complete = join8(
    BOM,
    enc.encode('{"kind":"mbi-evaluations","engine":"Stöckfish é"}\n{"sp":777,"note":"ü"}\n{"sp":1,"note":"日本"}\n'),
  );
  const torn = enc.encode('{"sp":888,"note":"日').subarray(0, 20); // cut inside a 3-byte character
  await Deno.writeFile(path, join8(complete, torn));
  const c = await readJsonl<{ kind: string }, { sp: number }>(path);
  assertEquals([c!.header.kind, c!.records.map((r) => r.sp), c!.torn, c!.intactBytes], [
    "mbi-evaluations",
    [777, 1],
    true,
    complete.length,
  ]);
  const a = await JsonlAppender.resume(path, c, () => Promise.reject(new Error("no new header")));
  await a.append({ sp: 888 });
  await a.close();
  assertEquals(await Deno.readFile(path), join8(complete, enc.encode('{"sp":888}\n')));
  const again = await readJsonl<{ kind: string }, { sp: number }>(path);
  assertEquals(again!.records.map((r) => r.sp), [777, 1, 888]);
});

Deno.test("a byte that is not UTF-8 in a complete line: refused naming the line, the file unchanged", async () => {
  const dir = await tempDir("jsonl-");
  const path = join(dir, "games.jsonl");
  const bytes = join8(enc.encode('{"kind":"mbi-games"}\n{"sp":1,"x":"'), new Uint8Array([0xff]), enc.encode('"}\n'));
  await Deno.writeFile(path, bytes);
  await rejects(readJsonl(path), /games\.jsonl line 2 is not UTF-8 text/);
  assertEquals(await Deno.readFile(path), bytes);
});
