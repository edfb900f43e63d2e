import { deepStrictEqual as assertEquals, ok, rejects } from "node:assert/strict";
import { basename, join } from "node:path";
import { createExclusive, removeDeadTemps, replaceFile, tempName } from "./temp_files.ts";

/** The PID of a process that has ended (a short child, waited for). */
async function deadPid(): Promise<number> {
  const child = new Deno.Command("true").spawn();
  await child.status;
  return child.pid;
}

Deno.test("temporary names: beside the file, this process's PID, unguessable (64 random bits), never the same twice", () => {
  const names = new Set(Array.from({ length: 1000 }, () => tempName("/r/mbi.json")));
  assertEquals(names.size, 1000);
  for (const n of names) {
    ok(new RegExp(`^/r/mbi\\.json\\.${Deno.pid}\\.[A-Za-z0-9_-]+\\.[0-9a-f]{16}\\.tmp$`).test(n), n);
  }
});

Deno.test("exclusive creation fails on anything already there, a symbolic link above all (its target is untouched)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mbi-temp-" });
  const victim = join(dir, "victim");
  await Deno.writeTextFile(victim, "old");
  await Deno.symlink(victim, join(dir, "planted.tmp"));
  await rejects(createExclusive(join(dir, "planted.tmp"), "new"), Deno.errors.AlreadyExists);
  await Deno.symlink(join(dir, "nowhere"), join(dir, "dangling.tmp"));
  await rejects(createExclusive(join(dir, "dangling.tmp"), "new"), Deno.errors.AlreadyExists);
  assertEquals(await Deno.readTextFile(victim), "old");
  ok(!(await Deno.stat(join(dir, "nowhere")).then(() => true, () => false)), "a dangling link's target is not created");
  // replacing a link puts a file in its place and leaves its target alone
  await replaceFile(join(dir, "planted.tmp"), "new");
  ok(Deno.lstatSync(join(dir, "planted.tmp")).isFile);
  assertEquals(await Deno.readTextFile(victim), "old");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("the next write removes the temporary files dead runs left, never a live run's or another host's", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mbi-temp-" });
  const file = join(dir, "mbi.json");
  const dead = await deadPid();
  const host = basename(tempName(file)).split(".")[3];
  const left = [
    `mbi.json.${dead}.${host}.0123456789abcdef.tmp`, // this version's name, a dead run
    `mbi.json.${dead}.tmp`, // an earlier version's atomic write
    `mbi.json.lock.${dead}-01234567.tmp`, // an earlier version's lock (beside mbi.json.lock, not this file)
  ];
  const kept = [
    `mbi.json.${Deno.pid}.${host}.0123456789abcdef.tmp`, // a live run (this one)
    `mbi.json.${dead}.other-host.0123456789abcdef.tmp`, // another host's run: its PIDs are not ours to judge
    `mbi.jsonx.${dead}.tmp`, // another file's
    `mbi.json.${dead}.notes`, // not a temporary name
  ];
  for (const n of [...left, ...kept]) await Deno.writeTextFile(join(dir, n), "x");
  await Deno.symlink("/etc/passwd", join(dir, `mbi.json.${dead}.${host}.fedcba9876543210.tmp`));
  const removed = await removeDeadTemps(file);
  assertEquals(removed.sort(), [left[0], left[1], `mbi.json.${dead}.${host}.fedcba9876543210.tmp`].sort());
  assertEquals(await removeDeadTemps(`${file}.lock`), [left[2]]);
  assertEquals([...Deno.readDirSync(dir)].map((e) => e.name).sort(), [...kept].sort());
  ok((await Deno.readTextFile("/etc/passwd")).length > 0, "a planted link is removed, not what it points at");
  await Deno.remove(dir, { recursive: true });
});
