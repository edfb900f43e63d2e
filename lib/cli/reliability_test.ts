/**
 * The reliability probes of issue 34, as commands meet them on scratch results
 * roots: planted symbolic links against every writer, a design folder copied
 * over another's, a validation whose scores are all the same, a full disk and
 * a read-only root under every command that writes, an engine that reports
 * impossible scores, stage-1 records that cannot be true, and SP numbers with
 * a sign. Part of `deno task reliability` (with the guarantee tests the README
 * names) and of `deno task test`.
 *
 * One ci pipeline (12 positions, 6 × 4 games) is the fixture; each probe works
 * on a copy of it. The full and read-only roots are a small tmpfs mounted in a
 * private mount namespace (`unshare -m`, or `unshare -rm` when not root), so
 * nothing outside the test sees them; where mount namespaces are not allowed
 * the probe fails in CI and is skipped with a note elsewhere.
 *
 * @module
 */

import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join, relative } from "node:path";
import { repoPath, sha256File } from "../core/mod.ts";
import { errorLines, testRoot } from "../core/testing.ts";
import { jupyterAvailable } from "../notebook/mod.ts";
import { filesUnder } from "../notebook/mod.ts";

const t = await testRoot("reliability");
const fixture = join(t.dir, "fixture");
let fixtureMade: Promise<void> | undefined;

/** The ci pipeline's results (stages 1-5, card and site), made once for the file. */
function base(): Promise<void> {
  fixtureMade ??= (async () => {
    const r = await t.cli("pipeline.ts", ["--profile", "ci", "--no-notebooks", "--workers", "2"]);
    assertEquals(r.code, 0, r.stderr);
    await copyTree(t.results, fixture);
  })();
  return fixtureMade;
}

async function copyTree(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  const r = await new Deno.Command("cp", { args: ["-a", `${from}/.`, to] }).output();
  ok(r.success, new TextDecoder().decode(r.stderr));
}

let rootCount = 0;
/** A fresh results root holding a copy of the fixture, and a runner of lib/cli/ commands against it. */
async function copyOfBase() {
  await base();
  const root = join(t.dir, `root${++rootCount}`);
  await copyTree(fixture, root);
  const cli = (script: string, args: string[]) => t.cli(script, args, { MBI_RESULTS_DIR: root });
  return { root, cli };
}

/** A file outside every results root that planted links point at, and its text. */
async function outside(name: string): Promise<{ dir: string; file: string; text: string }> {
  const dir = await Deno.makeTempDir({ dir: t.dir, prefix: `outside-${name}-` });
  const file = join(dir, "victim.txt");
  const text = `outside file of ${name}: untouched\n`;
  await Deno.writeTextFile(file, text);
  return { dir, file, text };
}

/** Asserts a failed command: exit `code`, one `error:` line (no internal error) matching `message`. */
function failed(r: { code: number; stderr: string }, code: number, message: RegExp): void {
  assertEquals(r.code, code, r.stderr);
  const lines = errorLines(r.stderr);
  assertEquals(lines.length, 1, r.stderr);
  ok(lines[0].startsWith("error: ") && message.test(lines[0]), lines[0]);
}

async function untouched(o: { dir: string; file: string; text: string }): Promise<void> {
  assertEquals(await Deno.readTextFile(o.file), o.text);
  assertEquals([...Deno.readDirSync(o.dir)].map((e) => e.name), ["victim.txt"]);
}

Deno.test("planted links: temporary names, result files, appended JSONL, locks and the site folder never lead a write outside the root", async () => {
  const { root, cli } = await copyOfBase();
  const ci = join(root, "ci");

  // 1. The attack of the issue: links under the predictable temporary names earlier versions used
  // (`<file>.<pid>.tmp`), for the PIDs the next processes will have (from the PID a process started now gets),
  // beside every file derive-mbi writes. The files come out regular files, the outside file as it was.
  const tmpNames = await outside("tmp");
  const written = ["mbi.json", "mbi.csv", "mbi.md", "evals.csv", "distribution.json"];
  const probe = new Deno.Command("true").spawn();
  await probe.status;
  for (const f of written) {
    for (let p = probe.pid + 1; p < probe.pid + 600; p++) await Deno.symlink(tmpNames.file, join(ci, `${f}.${p}.tmp`));
  }
  const derived = await cli("derive_mbi.ts", ["--profile", "ci"]);
  assertEquals(derived.code, 0, derived.stderr);
  await untouched(tmpNames);
  for (const f of written) ok(Deno.lstatSync(join(ci, f)).isFile, `${f} is a regular file`);

  // 2. A result file that is a link: refused with its path, the outside file untouched, the link left as it was.
  const md = await outside("md");
  await Deno.remove(join(ci, "mbi.md"));
  await Deno.symlink(md.file, join(ci, "mbi.md"));
  failed(
    await cli("derive_mbi.ts", ["--profile", "ci"]),
    1,
    /ci\/mbi\.md is a symbolic link to .*victim\.txt, not a file; not writing through it/,
  );
  await untouched(md);
  await Deno.remove(join(ci, "mbi.md"));
  assertEquals((await cli("derive_mbi.ts", ["--profile", "ci"])).code, 0);

  // 3. An appended JSONL file that is a link: eval-all, with positions left to evaluate, refuses it.
  const evals = await outside("evals");
  const lines = (await Deno.readTextFile(join(ci, "evals.jsonl"))).trimEnd().split("\n");
  evals.text = lines.slice(0, -2).join("\n") + "\n"; // two positions left: the run would append
  await Deno.writeTextFile(evals.file, evals.text);
  await Deno.rename(join(ci, "evals.jsonl"), join(root, "evals.saved"));
  await Deno.symlink(evals.file, join(ci, "evals.jsonl"));
  failed(await cli("eval_all.ts", ["--profile", "ci", "--workers", "1"]), 1, /ci\/evals\.jsonl is a symbolic link to /);
  await untouched(evals);
  await Deno.remove(join(ci, "evals.jsonl"));
  await Deno.rename(join(root, "evals.saved"), join(ci, "evals.jsonl"));

  // 4. A lock that is a link (to a file, or dangling): refused naming the lock; nothing created or written outside.
  // (Two positions left, so that eval-all has work to do and takes its lock.)
  const complete = await Deno.readTextFile(join(ci, "evals.jsonl"));
  await Deno.writeTextFile(join(ci, "evals.jsonl"), evals.text);
  const lock = await outside("lock");
  await Deno.symlink(lock.file, join(ci, "evals.jsonl.lock"));
  failed(
    await cli("eval_all.ts", ["--profile", "ci", "--workers", "1"]),
    1,
    /ci\/evals\.jsonl\.lock is a symbolic link to .*, not a lock/,
  );
  await Deno.remove(join(ci, "evals.jsonl.lock"));
  await Deno.writeTextFile(join(ci, "evals.jsonl"), complete);
  await Deno.symlink(join(lock.dir, "made.lock"), join(ci, "site.lock"));
  failed(await cli("site.ts", ["--profile", "ci"]), 1, /ci\/site\.lock is a symbolic link to .*made\.lock, not a lock/);
  await Deno.remove(join(ci, "site.lock"));
  await untouched(lock);

  // 5. The site folder a link to a folder outside: refused; the outside folder keeps only what it had.
  const site = await outside("site");
  await Deno.rename(join(ci, "site"), join(root, "site.saved"));
  await Deno.symlink(site.dir, join(ci, "site"));
  failed(await cli("site.ts", ["--profile", "ci"]), 1, /ci\/site is a symbolic link to .*, not a folder/);
  await untouched(site);
  // and a profile folder linked outside the root: nothing is written there
  await Deno.remove(join(ci, "site"));
  await Deno.rename(join(root, "site.saved"), join(ci, "site"));
  const folder = await outside("folder");
  await Deno.symlink(folder.dir, join(root, "ci~eval40000"));
  failed(
    await cli("eval_all.ts", ["--profile", "ci~eval40000", "--sp", "0", "--workers", "1"]),
    1,
    /ci~eval40000.* leads outside the results root .* \(to .*outside-folder-/,
  );
  await untouched(folder);
});

Deno.test("temporary files that dead runs left are removed by the next run of that writer; a live run's stay", async () => {
  const { root, cli } = await copyOfBase();
  const ci = join(root, "ci");
  const child = new Deno.Command("true").spawn();
  await child.status; // its PID is a dead run's
  const host = Deno.hostname().replace(/[^A-Za-z0-9-]/g, "_").slice(0, 32);
  // beside the table, its views and the stage-2 summary: each written, or found unchanged, by derive-mbi
  const dead = [
    `mbi.json.${child.pid}.tmp`, // the name of earlier versions
    `mbi.md.${child.pid}.${host}.0123456789abcdef.tmp`,
    `evals.csv.${child.pid}.${host}.0123456789abcdef.tmp`,
    `distribution.json.${child.pid}.tmp`,
  ];
  const live = `mbi.csv.${Deno.pid}.${host}.0123456789abcdef.tmp`;
  for (const n of [...dead, live]) await Deno.writeTextFile(join(ci, n), "half-written");
  assertEquals((await cli("derive_mbi.ts", ["--profile", "ci"])).code, 0);
  for (const n of dead) ok(!(await Deno.stat(join(ci, n)).then(() => true, () => false)), `${n} removed`);
  ok(Deno.statSync(join(ci, live)).isFile, "a live run's temporary file stays");
});

Deno.test("a design folder copied over another's is refused by stats, site and notebooks, naming the file and the field", async () => {
  const { root, cli } = await copyOfBase();
  const ci = join(root, "ci");
  // the ci design (6 positions × 4 games) copied over the 2-game design's folder, with its summary
  await copyTree(join(ci, "selfplay"), join(ci, "selfplay~games2"));
  await Deno.copyFile(join(ci, "summary.json"), join(ci, "summary~games2.json"));
  const field =
    /selfplay~games2\/selfplay\.json holds another self-play design than profile ci~games2 \(games per position 4, the profile's 2\): run deno task selfplay --profile ci~games2/;
  failed(await cli("stats.ts", ["--profile", "ci~games2"]), 1, field);
  failed(await cli("site.ts", ["--profile", "ci~games2"]), 1, field);
  failed(await cli("notebooks.ts", ["--profile", "ci~games2"]), 1, field);
  ok(!(await Deno.stat(join(ci, "site~games2")).then(() => true, () => false)), "nothing published");
  // only the games copied (a foreign games file beside the design's own results): the games file is named
  await Deno.remove(join(ci, "selfplay~games2"), { recursive: true });
  await Deno.remove(join(ci, "summary~games2.json"));
  const own = await cli("pipeline.ts", ["--profile", "ci~games2", "--no-notebooks", "--no-site"]);
  assertEquals(own.code, 0, own.stderr);
  await Deno.copyFile(join(ci, "selfplay", "games.jsonl"), join(ci, "selfplay~games2", "games.jsonl"));
  failed(
    await cli("stats.ts", ["--profile", "ci~games2"]),
    1,
    /selfplay~games2\/games\.jsonl holds another self-play design than profile ci~games2 \(games per position 4, the profile's 2\)/,
  );
});

Deno.test("a validation whose scores are all the same says so in validate, the card, the page, the landing page and notebook 07", async () => {
  const { root, cli } = await copyOfBase();
  const csv = join(root, "flat.csv");
  const sps = [0, 1, 100, 212, 333, 404, 517, 518, 600, 777, 888, 959];
  await Deno.writeTextFile(
    csv,
    "sp,white_wins,draws,black_wins\n" + sps.map((sp) => `${sp},10,10,10`).join("\n") + "\n",
  );
  assertEquals((await cli("outcomes.ts", ["--table", csv, "--name", "flat"])).code, 0);
  const v = await cli("validate.ts", ["--evals", "ci", "--outcomes", "flat", "--min-games", "1", "--resamples", "200"]);
  assertEquals(v.code, 0, v.stderr);
  ok(v.stdout.includes("rho(start eval, White score): not defined: every position scored the same"), v.stdout);
  ok(v.stdout.includes("rho(MBI, draw rate): not defined: every position was drawn as often"), v.stdout);
  const site = await cli("site.ts", ["--profile", "ci"]);
  assertEquals(site.code, 0, site.stderr);
  for (const f of ["ci/DATASET.md", "ci/site/index.html", "index.html"]) {
    ok((await Deno.readTextFile(join(root, f))).includes("not defined: every position scored the same"), f);
  }
  if (!jupyterAvailable()) {
    console.error("notebook 07 not rendered: Jupyter is not installed (CI installs it)");
    return;
  }
  const nb = await cli("notebooks.ts", ["--profile", "ci", "07"]);
  assertEquals(nb.code, 0, nb.stderr);
  const html = await Deno.readTextFile(join(root, "ci", "notebooks", "07_external_validation.html"));
  ok(html.includes("not defined: every position scored the same"), "notebook 07 says it");
});

/** How this process can mount a tmpfs in a private mount namespace (`unshare -m` as root, else `-rm`), or null. */
const unshare = (() => {
  const args = Deno.uid() === 0 ? ["-m"] : ["-rm"];
  try {
    const dir = Deno.makeTempDirSync({ prefix: "mbi-unshare-" });
    const ok = new Deno.Command("unshare", { args: [...args, "mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir] })
      .outputSync().success;
    Deno.removeSync(dir);
    return ok ? args : null;
  } catch {
    return null;
  }
})();
if (!unshare && Deno.env.get("CI")) throw new Error("CI needs mount namespaces (unshare -m) for the full-disk probes");

/**
 * Runs lib/cli/<script> with its results root on a private tmpfs holding a
 * copy of `src`: `full` (not a byte left) or `read-only`. Returns the run and
 * the files of the root, with their hashes, before and after it.
 */
async function onTightRoot(kind: "full" | "read-only", src: string, script: string, args: string[]) {
  const mnt = await Deno.makeTempDir({ dir: t.dir, prefix: `tight-${kind}-` });
  const sums = join(t.dir, `sums-${rootCount++}`);
  const sum = `(cd "$mnt" && find . -type f ! -name .filler -print0 | sort -z | xargs -0 -r sha256sum)`;
  const script_ = [
    `set -e; mnt="$1"; shift`,
    `mount -t tmpfs -o size=64m tmpfs "$mnt"`,
    `cp -a "${src}/." "$mnt/"`,
    `${sum} > "${sums}.before"`,
    kind === "full" ? `dd if=/dev/zero of="$mnt/.filler" bs=4k 2>/dev/null || true` : `mount -o remount,ro "$mnt"`,
    `set +e; MBI_RESULTS_DIR="$mnt" "$@"; code=$?`,
    `${sum} > "${sums}.after"; exit $code`,
  ].join("\n");
  const out = await new Deno.Command("unshare", {
    args: [
      ...unshare!,
      "sh",
      "-c",
      script_,
      "sh",
      mnt,
      Deno.execPath(),
      "run",
      "-A",
      repoPath("lib", "cli", script),
      ...args,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  const before = await Deno.readTextFile(`${sums}.before`).catch(() => "no sums: the mount failed");
  const after = await Deno.readTextFile(`${sums}.after`).catch(() => "");
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr), mnt, before, after };
}

Deno.test({
  name:
    "a full disk and a read-only root: every command that writes says so in one line naming the path, exit 1, no file changed",
  ignore: !unshare,
  fn: async () => {
    await base();
    if (!unshare) return;
    // the complete fixture; for eval-all, a copy with two positions left to evaluate (it has records to write);
    // outcomes gets a new table, selfplay a new design, stats a new number of resamples
    const partial = join(t.dir, "tight-partial");
    await copyTree(fixture, partial);
    const evals = join(partial, "ci", "evals.jsonl");
    const lines = (await Deno.readTextFile(evals)).trimEnd().split("\n");
    await Deno.writeTextFile(evals, lines.slice(0, -2).join("\n") + "\n");
    const csv = join(t.dir, "flat2.csv");
    await Deno.writeTextFile(csv, "sp,white_wins,draws,black_wins\n0,3,4,5\n518,4,4,4\n959,5,4,3\n");
    const commands: [string, string[]][] = [
      ["eval_all.ts", ["--profile", "ci", "--workers", "1"]], // on the partial copy
      ["derive_mbi.ts", ["--profile", "ci"]],
      ["selfplay.ts", ["--profile", "ci~games5", "--workers", "1"]],
      ["stats.ts", ["--profile", "ci", "--resamples", "50"]],
      ["site.ts", ["--profile", "ci"]],
      ["outcomes.ts", ["--table", csv, "--name", "flat2"]],
      ["compare_engines.ts", ["--resamples", "20"]],
      ["pipeline.ts", ["--profile", "ci", "--no-notebooks", "--workers", "1"]],
      ...(jupyterAvailable() ? [["notebooks.ts", ["--profile", "ci", "02"]] as [string, string[]]] : []),
    ];
    for (const kind of ["full", "read-only"] as const) {
      for (const [script, args] of commands) {
        const r = await onTightRoot(kind, script === "eval_all.ts" ? partial : fixture, script, args);
        const what = `${kind}: ${script} ${args.join(" ")}`;
        assertEquals(r.code, 1, `${what}\n${r.stderr}`);
        const lines = errorLines(r.stderr);
        assertEquals(lines.length, 1, `${what}\n${r.stderr}`);
        const cause = kind === "full" ? "No space left on device" : "Read-only file system";
        ok(
          lines[0].startsWith(`error: cannot write ${r.mnt}/`) && lines[0].includes(cause),
          `${what}: ${lines[0]}`,
        );
        assertEquals(r.after, r.before, `${what}: the root's files are as they were`);
      }
    }
  },
});

Deno.test("an engine reporting an impossible score: one line naming engine, position and ply; nothing recorded", async () => {
  const { root, cli } = await copyOfBase();
  const fake = repoPath("lib", "engine", "testdata", "fake_engine.sh");
  for (
    const [mode, what] of [["huge", "score cp 99999999999999999999999 is beyond what an engine reports"], [
      "nan",
      "score cp needs an integer, got NaN",
    ]]
  ) {
    const wrapper = join(root, `${mode}.sh`);
    await Deno.writeTextFile(wrapper, `#!/bin/sh\nexec ${fake} ${mode}\n`);
    await Deno.chmod(wrapper, 0o755);
    const r = await cli("evaluate.ts", ["--sp", "518", "--nodes", "100", "--engine", wrapper, "--no-fingerprint"]);
    failed(r, 1, new RegExp(`engine .*${mode}\\.sh.*: bad UCI info line \\(${what.replace(/[()]/g, "\\$&")}`));
    ok(
      /\(searching rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w HAha - 0 1, ply 1\)$/.test(
        errorLines(r.stderr)[0],
      ),
      r.stderr,
    );
    assertEquals(r.stdout, "", "no record printed");
  }
});

Deno.test("stage-1 records that cannot be true are refused where they are read, with file and line; a bestmove off the PV reads", async () => {
  const { root, cli } = await copyOfBase();
  const path = join(root, "ci", "evals.jsonl");
  const text = await Deno.readTextFile(path);
  const edit = async (line: number, f: (r: Record<string, unknown>) => void) => {
    const lines = text.trimEnd().split("\n");
    const r = JSON.parse(lines[line - 1]);
    f(r);
    lines[line - 1] = JSON.stringify(r);
    await Deno.writeTextFile(path, lines.join("\n") + "\n");
  };
  await edit(3, (r) => r.pv = [...(r.pv as string[]).slice(0, 2), "zz99"]);
  failed(
    await cli("derive_mbi.ts", ["--profile", "ci"]),
    1,
    /ci\/evals\.jsonl line 3: its PV plays "zz99" at ply 3, not a legal move there/,
  );
  await edit(4, (r) => r.fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
  failed(await cli("mbi.ts", ["518", "--profile", "ci"]), 1, /ci\/evals\.jsonl line 4: fen ".*" is not SP \d+'s/);
  // the engine's bestmove may differ from the PV's first move (the interrupted iteration's): legal, so it reads
  await edit(5, (r) => r.bestmove = (r.pv as string[])[0] === "e2e4" ? "d2d4" : "e2e4");
  const offPv = await cli("derive_mbi.ts", ["--profile", "ci"]);
  assertEquals(offPv.code, 0, offPv.stderr);
  await Deno.writeTextFile(path, text);
});

Deno.test("SP numbers on the command line: -0 and +518 are refused alike, with -1, naming the rule", async () => {
  const { cli } = await copyOfBase();
  for (const sp of ["-0", "+518", "-1"]) {
    for (const [script, args] of [["position.ts", [sp]], ["mbi.ts", [sp, "--profile", "ci"]]] as const) {
      failed(
        await cli(script, [...args]),
        2,
        new RegExp(`not an SP number: "\\${sp}" \\(SP numbers are written with digits only, 0\\.\\.959; no sign\\)`),
      );
    }
  }
  failed(
    await cli("eval_all.ts", ["--profile", "ci", "--sp", "0-9,+518"]),
    2,
    /--sp 0-9,\+518: not an SP number: "\+518"/,
  );
  assertEquals((await cli("position.ts", ["518"])).code, 0);
});

Deno.test("deno task reliability runs files that exist, this one first, and deno task test runs every one of them", async () => {
  const { RELIABILITY_TESTS } = await import("./reliability.ts");
  assertEquals(RELIABILITY_TESTS[0], "lib/cli/reliability_test.ts");
  for (const f of RELIABILITY_TESTS) {
    ok(f.startsWith("lib/") && f.endsWith("_test.ts") && Deno.statSync(repoPath(f)).isFile, f);
  }
  const tasks = JSON.parse(await Deno.readTextFile(repoPath("deno.json"))).tasks;
  ok(tasks.test.command.endsWith("deno test -A lib/"), tasks.test.command);
  assertEquals(tasks.reliability.command, "deno run -A lib/cli/reliability.ts");
});

Deno.test("a results root outside the repository: no published file names it; a copy elsewhere re-runs to the same bytes", async () => {
  await base();
  const texts = async (root: string) => {
    const out = new Map<string, string>();
    for (const f of filesUnder(root, [])) {
      const rel = relative(root, f);
      if (/\.lock$|(^|\/)\.gitignore$/.test(rel)) continue;
      out.set(rel, await Deno.readTextFile(f));
    }
    return out;
  };
  const made = await texts(fixture);
  ok(made.size > 10, `${made.size} files`);
  const naming = [...made].filter(([, text]) => text.includes(t.results) || text.includes(t.dir)).map(([f]) => f);
  assertEquals(naming, [], "files that name the folder the results were made in");
  const { root, cli } = await copyOfBase();
  const r = await cli("pipeline.ts", ["--profile", "ci", "--no-notebooks", "--workers", "2"]);
  assertEquals(r.code, 0, r.stderr);
  const again = await texts(root);
  const changed = [...again.keys()].filter((f) => again.get(f) !== made.get(f));
  assertEquals(changed, [], "files the re-run in the copy changed");
});

Deno.test("the fixture's files are unchanged by reading them (the probes work on copies)", async () => {
  await base();
  const hashes = async (dir: string) =>
    (await Promise.all(filesUnder(dir, []).map(async (f) => `${relative(dir, f)} ${await sha256File(f)}`))).sort();
  assertEquals(await hashes(fixture), await hashes(t.results));
  await Deno.remove(t.dir, { recursive: true });
});
