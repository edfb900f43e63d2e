import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { join } from "node:path";
import { readVerifyRecord, recordVerification } from "./verification_record.ts";
import { type Verification } from "../evaluation/mod.ts";

const check = (sp: number, sha256: string, match: boolean) =>
  ({
    match,
    recorded: { sp },
    differences: match ? [] : ["nodes 5 vs 6"],
    engine: {
      id: sha256 === "a" ? "sf17.1-wasm" : "sf17.1-native",
      uci_name: "Stockfish 17.1",
      fingerprint: 2_030_154,
      sha256,
    },
  }) as unknown as Verification;

Deno.test("verify-reproduce --record: one entry per SP and engine build, a later check replacing the earlier", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mbi-verify-record-" });
  try {
    const evals = join(dir, "evals.jsonl");
    assertEquals(await readVerifyRecord(evals), undefined);
    await recordVerification(evals, check(518, "a", false), "cmd");
    await recordVerification(evals, check(518, "b", true), "cmd");
    await recordVerification(evals, check(0, "a", true), "cmd");
    await recordVerification(evals, check(518, "a", true), "cmd");
    const r = (await readVerifyRecord(evals))!;
    assertEquals(r.checks.map((c) => [c.sp, c.engine.id, c.match]), [
      [0, "sf17.1-wasm", true],
      [518, "sf17.1-native", true],
      [518, "sf17.1-wasm", true],
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
