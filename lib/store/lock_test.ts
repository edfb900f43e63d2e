import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { acquireLock } from "./lock.ts";
import { isMbiError, repoPath } from "../core/mod.ts";
import { tempDir } from "../core/testing.ts";

const dir = await tempDir("lock-test");

async function refusal(target: string): Promise<string> {
  try {
    const lock = await acquireLock(target, () => {});
    await lock.release();
    return "";
  } catch (e) {
    ok(isMbiError(e, "locked"), String(e));
    return e.message;
  }
}

Deno.test("an empty or unreadable lock is never taken over: refused with the file to remove", async () => {
  for (const [name, text] of [["empty", ""], ["torn", '{"pid":12']]) {
    const target = join(dir, `${name}.jsonl`);
    await Deno.writeTextFile(`${target}.lock`, text);
    const message = await refusal(target);
    ok(/unreadable lock file; if no run of this workspace writes it, remove .*\.lock/.test(message), message);
    assertEquals(await Deno.readTextFile(`${target}.lock`), text, "the lock is left as it was");
  }
});

Deno.test("release removes only its own lock", async () => {
  const target = join(dir, "own.jsonl");
  const lock = await acquireLock(target);
  const other = JSON.stringify({ pid: 1, host: Deno.hostname(), command: "x", started: "t", proc_start: null });
  await Deno.writeTextFile(lock.path, other);
  await lock.release();
  assertEquals(await Deno.readTextFile(lock.path), other, "another run's lock stays");
  await Deno.remove(lock.path);
});

Deno.test("a lock file is complete the moment it exists (a watcher never reads it empty)", async () => {
  const target = join(dir, "watched.jsonl");
  const path = `${target}.lock`;
  const script = join(dir, "hold.ts");
  await Deno.writeTextFile(
    script,
    `import { acquireLock } from ${JSON.stringify(pathToFileURL(repoPath("lib", "store", "lock.ts")).href)};\n` +
      `const l = await acquireLock(Deno.args[0]); await new Promise((r) => setTimeout(r, 300)); await l.release();\n`,
  );
  const holder = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--config", repoPath("deno.json"), script, target],
    env: { MBI_TEST_LOCK_DELAY_MS: "1500" },
  }).spawn();
  const seen: string[] = [];
  let running = true;
  holder.status.then(() => running = false);
  while (running) {
    const text = await Deno.readTextFile(path).catch(() => undefined);
    if (text !== undefined) seen.push(text);
    await new Promise((r) => setTimeout(r, 5));
  }
  assertEquals((await holder.status).code, 0);
  ok(seen.length > 0, "the lock was seen");
  for (const text of seen) ok(/"pid":\d+/.test(text), `read ${JSON.stringify(text)}`);
});

Deno.test("a dead holder's lock, many runs at once: one takes it over, never two holders at a time", async () => {
  const target = join(dir, "stale.jsonl");
  const dead = { pid: 2 ** 22 - 7, host: Deno.hostname(), command: "x", started: "2026-01-01", proc_start: "1" };
  await Deno.writeTextFile(`${target}.lock`, JSON.stringify(dead));
  const journal = join(dir, "journal.txt");
  const script = join(dir, "take.ts");
  await Deno.writeTextFile(
    script,
    `import { acquireLock } from ${JSON.stringify(pathToFileURL(repoPath("lib", "store", "lock.ts")).href)};\n` +
      `let l; try { l = await acquireLock(Deno.args[0]); } catch (e) { console.log("refused: " + e.message); Deno.exit(0); }\n` +
      `await Deno.writeTextFile(Deno.args[1], "start " + Deno.pid + "\\n", { append: true });\n` +
      `await new Promise((r) => setTimeout(r, 200));\n` +
      `await Deno.writeTextFile(Deno.args[1], "end " + Deno.pid + "\\n", { append: true });\n` +
      `await l.release(); console.log("held");\n`,
  );
  const runs = await Promise.all(
    Array.from(
      { length: 8 },
      () =>
        new Deno.Command(Deno.execPath(), {
          args: ["run", "-A", "--config", repoPath("deno.json"), script, target, journal],
          stdout: "piped",
          stderr: "piped",
        })
          .output(),
    ),
  );
  const dec = new TextDecoder();
  for (const r of runs) assertEquals(r.code, 0, dec.decode(r.stderr));
  const stderr = runs.map((r) => dec.decode(r.stderr)).join("");
  assertEquals(stderr.match(/taking over the lock/g)?.length, 1, stderr);
  const lines = (await Deno.readTextFile(journal)).trim().split("\n");
  ok(lines.length >= 2);
  for (let i = 0; i < lines.length; i += 2) {
    ok(lines[i].startsWith("start ") && lines[i + 1] === lines[i].replace("start", "end"), lines.join("; "));
  }
  const held = runs.filter((r) => dec.decode(r.stdout).includes("held")).length;
  assertEquals(held, lines.length / 2);
  ok(!(await Deno.stat(`${target}.lock`).catch(() => undefined)), "released");
});
