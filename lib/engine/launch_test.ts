import { deepStrictEqual as assertEquals, ok, rejects, throws } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { CHESS960_OPTION, launchEngine, type ResolvedEngine, withChess960 } from "./registry.ts";
import { isMbiError } from "../core/mod.ts";

const FAKE = fileURLToPath(new URL("testdata/fake_engine.sh", import.meta.url));
const fake = (mode: string, options: Record<string, string | number | boolean> = {}): ResolvedEngine => ({
  entry: { id: `fake-${mode}`, name: "fake", start: { path: FAKE }, limit: "nodes", options },
  command: { file: FAKE, args: [mode], label: `fake-${mode}` },
  files: [FAKE],
});

Deno.test("every engine is started with UCI_Chess960 true, also when its entry leaves it out", async () => {
  const e = await launchEngine(fake("ok", { Hash: 16 }));
  try {
    assertEquals(Object.fromEntries(e.optionsSet), { Hash: "16", [CHESS960_OPTION]: "true" });
  } finally {
    await e.quit();
  }
});

Deno.test("an engine that does not declare UCI_Chess960 is refused; an entry that sets it false is refused before it starts", async () => {
  await rejects(
    launchEngine(fake("no960")),
    (e) =>
      isMbiError(e, "engine-option") &&
      (e as Error).message ===
        "engine fake-no960 (FakeEngine 1.0) does not declare the option UCI_Chess960: it cannot play Chess960 start positions, so it cannot be used here",
  );
  throws(
    () => withChess960({ uci_chess960: false }, "mine"),
    (e) =>
      isMbiError(e, "engine-config") &&
      (e as Error).message ===
        "engine mine: option uci_chess960 is false, but every position here is a Chess960 start: it must be true",
  );
  ok(withChess960({ UCI_Chess960: "true" }, "x").UCI_Chess960 === "true");
});
