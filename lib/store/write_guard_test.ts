import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { isMbiError } from "../core/mod.ts";
import { inTempRoot, tempDir } from "../core/testing.ts";
import { appendJsonLine, JsonlAppender, readJsonl } from "./jsonl.ts";
import { acquireLock } from "./lock.ts";
import { guardWrite, writeFileAtomic, writeJsonUnlessSame } from "./write_guard.ts";

/** A file outside the results root that a planted link points at, and what it holds. */
async function outsideFile(): Promise<{ dir: string; file: string; text: string }> {
  const dir = await tempDir("outside");
  const file = join(dir, "victim.txt");
  const text = "the outside file, untouched\n";
  await Deno.writeTextFile(file, text);
  return { dir, file, text };
}

/** The message of the `unsafe-path` error `f` throws (fails when it throws none or another). */
async function refusal(f: () => unknown): Promise<string> {
  try {
    await f();
  } catch (e) {
    ok(isMbiError(e, "unsafe-path"), String(e));
    ok(!e.message.includes("\n"), e.message);
    return e.message;
  }
  throw new Error("not refused");
}

Deno.test("atomic writes: a result file that is a symbolic link is refused with its path; the outside file is untouched", async () => {
  await inTempRoot(async (root) => {
    const out = await outsideFile();
    const target = join(root, "quick", "mbi.json");
    await Deno.mkdir(join(root, "quick"));
    await Deno.symlink(out.file, target);
    const message = await refusal(() => writeFileAtomic(target, "{}\n"));
    ok(message.includes("quick/mbi.json is a symbolic link to " + out.file), message);
    assertEquals(await Deno.readTextFile(out.file), out.text);
    ok(Deno.lstatSync(target).isSymlink, "the link is left for the user to look at");
  });
});

Deno.test("atomic writes: temporary names planted as links (the names of earlier versions) are never written through", async () => {
  await inTempRoot(async (root) => {
    const out = await outsideFile();
    const target = join(root, "quick", "mbi.md");
    await Deno.mkdir(join(root, "quick"));
    // The predictable names earlier versions used: <file>.<pid>.tmp, for this process and the next few.
    for (let pid = Deno.pid; pid < Deno.pid + 50; pid++) await Deno.symlink(out.file, `${target}.${pid}.tmp`);
    await writeFileAtomic(target, "# the table\n");
    assertEquals(await Deno.readTextFile(out.file), out.text);
    ok(Deno.lstatSync(target).isFile, "the result is a regular file, not a link");
    assertEquals(await Deno.readTextFile(target), "# the table\n");
    ok(Deno.lstatSync(`${target}.${Deno.pid}.tmp`).isSymlink, "a live run's name is not removed");
  });
});

Deno.test("atomic writes: a folder of the results root linked to a folder outside it is refused; nothing is written there", async () => {
  await inTempRoot(async (root) => {
    const out = await outsideFile();
    await Deno.symlink(out.dir, join(root, "quick"));
    const message = await refusal(() => writeFileAtomic(join(root, "quick", "mbi.json"), "{}\n"));
    ok(/quick\/mbi\.json: its folder leads outside the results root .* \(to .*mbi-outside-/.test(message), message);
    assertEquals([...Deno.readDirSync(out.dir)].map((e) => e.name), ["victim.txt"]);
    // a dangling link on the way is refused too (a folder made through it would be elsewhere)
    await Deno.symlink(join(out.dir, "missing"), join(root, "gone"));
    ok(
      /gone is a symbolic link to .*missing, not a folder/.test(
        await refusal(() => writeFileAtomic(join(root, "gone", "a", "b.json"), "{}")),
      ),
    );
    assertEquals([...Deno.readDirSync(out.dir)].map((e) => e.name), ["victim.txt"]);
    // a link inside the root that stays inside it is fine
    await Deno.mkdir(join(root, "real"));
    await Deno.symlink(join(root, "real"), join(root, "alias"));
    await writeFileAtomic(join(root, "alias", "x.json"), "{}\n");
    assertEquals(await Deno.readTextFile(join(root, "real", "x.json")), "{}\n");
  });
});

Deno.test("appends: an appended JSONL file or log that is a symbolic link is refused; the outside file is untouched, none is created", async () => {
  await inTempRoot(async (root) => {
    const out = await outsideFile();
    const evals = join(root, "evals.jsonl");
    await Deno.symlink(out.file, evals);
    ok((await refusal(() => JsonlAppender.open(evals))).includes("evals.jsonl is a symbolic link"));
    ok((await refusal(() => JsonlAppender.resume(evals, undefined, () => Promise.resolve({ kind: "x" })))).length);
    // a dangling link: opening it to create the file would create the file it points at
    const errors = join(root, "errors.jsonl");
    await Deno.symlink(join(out.dir, "created.jsonl"), errors);
    ok((await refusal(() => appendJsonLine(errors, { sp: 1 }))).includes("errors.jsonl is a symbolic link"));
    assertEquals(await Deno.readTextFile(out.file), out.text);
    assertEquals([...Deno.readDirSync(out.dir)].map((e) => e.name), ["victim.txt"]);
    // a regular file is appended to, and created when missing
    const log = join(root, "log.jsonl");
    await appendJsonLine(log, { a: 1 });
    await appendJsonLine(log, { a: 2 });
    assertEquals(await Deno.readTextFile(log), '{"a":1}\n{"a":2}\n');
  });
});

Deno.test("appends: a resumed file is cut to its intact part and appended to, as the file at its path", async () => {
  await inTempRoot(async (root) => {
    const path = join(root, "games.jsonl");
    await Deno.writeTextFile(path, '{"kind":"mbi-x"}\n{"n":1}\n{"n":');
    const content = await readJsonl(path);
    ok(content?.torn);
    const appender = await JsonlAppender.resume(path, content, () => Promise.reject(new Error("not new")));
    await appender.append({ n: 2 });
    await appender.close();
    assertEquals(await Deno.readTextFile(path), '{"kind":"mbi-x"}\n{"n":1}\n{"n":2}\n');
  });
});

Deno.test("locks: a lock that is a symbolic link is refused with its path; the outside file is untouched, none is created", async () => {
  await inTempRoot(async (root) => {
    const out = await outsideFile();
    const target = join(root, "evals.jsonl");
    await Deno.symlink(out.file, `${target}.lock`);
    const message = await refusal(() => acquireLock(target, () => {}));
    ok(message.includes("evals.jsonl.lock is a symbolic link to " + out.file + ", not a lock"), message);
    assertEquals(await Deno.readTextFile(out.file), out.text);
    await Deno.remove(`${target}.lock`);
    await Deno.symlink(join(out.dir, "made.lock"), `${target}.lock`);
    await refusal(() => acquireLock(target, () => {}));
    assertEquals([...Deno.readDirSync(out.dir)].map((e) => e.name), ["victim.txt"]);
  });
});

Deno.test("guardWrite: paths outside the results root (an --out the user chose) are checked only for the link", async () => {
  await inTempRoot(async () => {
    const out = await outsideFile();
    guardWrite(join(out.dir, "new.jsonl")); // a new file: no error
    guardWrite(join(out.dir, "victim.txt")); // a regular file: no error
    await Deno.symlink(out.file, join(out.dir, "link.jsonl"));
    ok((await refusal(() => guardWrite(join(out.dir, "link.jsonl")))).includes("link.jsonl is a symbolic link"));
  });
});

Deno.test("writeJsonUnlessSame: the same figures are not written again, unless committed code replaces uncommitted", async () => {
  await inTempRoot(async (root) => {
    const path = join(root, "x.json");
    const file = (figure: number, commit: string, dirty: boolean) => ({ figure, code: { commit, dirty } });
    const read = async () => JSON.parse(await Deno.readTextFile(path));
    await writeJsonUnlessSame(path, file(1, "aaa", true), ["code"]);
    await writeJsonUnlessSame(path, file(1, "bbb", true), ["code"]);
    assertEquals(await read(), file(1, "aaa", true), "uncommitted code again: the file stays");
    assertEquals(await writeJsonUnlessSame(path, file(1, "ccc", false), ["code"]), file(1, "ccc", false));
    assertEquals(await read(), file(1, "ccc", false), "committed code computing the same: written with its commit");
    await writeJsonUnlessSame(path, file(1, "ddd", false), ["code"]);
    assertEquals(await read(), file(1, "ccc", false), "a later commit computing the same: the file stays");
    await writeJsonUnlessSame(path, file(1, "eee", true), ["code"]);
    assertEquals(await read(), file(1, "ccc", false), "never from committed back to uncommitted");
    await writeJsonUnlessSame(path, file(2, "fff", false), ["code"]);
    assertEquals(await read(), file(2, "fff", false), "other figures: written");
  });
});
