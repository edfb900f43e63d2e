import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { repoPath } from "./paths.ts";

Deno.test("tempDir and testRoot folders are gone when the process that made them ends", async () => {
  // a child process makes both and prints their paths, then ends normally
  const script = `import { tempDir, testRoot } from ${JSON.stringify(repoPath("lib", "core", "testing.ts"))};
    const a = await tempDir("leftover-check");
    const b = (await testRoot("leftover-check")).dir;
    await Deno.writeTextFile(a + "/x", "x");
    console.log(JSON.stringify([a, b]));`;
  const out = await new Deno.Command(Deno.execPath(), { args: ["eval", script], stdout: "piped" }).output();
  const dirs = JSON.parse(new TextDecoder().decode(out.stdout)) as string[];
  assertEquals(dirs.length, 2);
  const left = dirs.filter((d) => {
    try {
      Deno.statSync(d);
      return true;
    } catch {
      return false;
    }
  });
  assertEquals(left, []);
});
