import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { datasetEngineSentence } from "./evaluation_view.ts";

Deno.test("the dataset's engine beside the one checked: this build, another with the same search, or another engine", () => {
  const checked = { sha256: "791a", fingerprint: 2_030_154 };
  assertEquals(datasetEngineSentence(undefined, checked), "", "no dataset yet: nothing to compare");
  ok(datasetEngineSentence({ sha256: "791a", fingerprint: 2_030_154 }, checked).includes("this very build"));
  ok(
    datasetEngineSentence({ sha256: "9c58", fingerprint: 2_030_154 }, checked)
      .includes("another build with the same fingerprint: the same search, so the same values"),
  );
  ok(datasetEngineSentence({ sha256: "9c58", fingerprint: 2_044_794 }, checked).includes("would differ"));
  ok(datasetEngineSentence({ sha256: "9c58", fingerprint: null }, checked).includes("without a fingerprint"));
  ok(
    datasetEngineSentence({ sha256: "9c58", fingerprint: null }, { ...checked, fingerprint: null })
      .includes("without a fingerprint"),
    "two missing fingerprints are no match",
  );
});
