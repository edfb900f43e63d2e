import { ok, rejects } from "node:assert/strict";
import { buildNative } from "./native_build.ts";
import { exitCodeOf, isMbiError } from "../core/mod.ts";

Deno.test("a native build whose tools are missing is an engine-build error naming the step (exit 1, not a crash)", async () => {
  const work = await Deno.makeTempDir({ prefix: "mbi-native-build-" });
  const path = Deno.env.get("PATH");
  Deno.env.set("PATH", work); // no apt-get, tar or make there
  try {
    await rejects(buildNative({ workDir: work, log: () => {} }), (e: Error) => {
      ok(isMbiError(e, "engine-build") && exitCodeOf(e) === 1, String(e));
      ok(/^native build: apt-get update failed \(.*apt-get/.test(e.message) && !e.message.includes("\n"), e.message);
      return true;
    });
  } finally {
    if (path === undefined) Deno.env.delete("PATH");
    else Deno.env.set("PATH", path);
    await Deno.remove(work, { recursive: true });
  }
});
