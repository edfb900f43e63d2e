import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { command, commandMain, flag, text, UsageError, valueOf, whole } from "./command.ts";
import { POSITION_WORDS, positionWords, PROFILE, SP_LIST, WORKERS } from "./options.ts";
import { commandModules } from "./docs.ts";
import { repoPath } from "../core/mod.ts";

// One declaration gives the parsing, the help and the errors; these tests use a declaration of their own and then
// every real command's.
const demo = command({
  name: "demo",
  description: "a command of the tests",
  options: {
    profile: PROFILE,
    nodes: whole("N", "the node budget", { default: 500 }),
    stage: text("STAGE", "which stage", { choices: ["eval", "selfplay"] }),
    sp: SP_LIST,
    need: text("X", "a value the command needs", { required: true }),
    ratio: valueOf("R", "a ratio", Number),
    json: flag("print JSON"),
  },
});

/** The one-line message of the usage error `f` throws. */
function usageError(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    ok(e instanceof UsageError, `not a usage error: ${e}`);
    ok(!(e as Error).message.includes("\n"), (e as Error).message);
    return (e as Error).message;
  }
  throw new Error("no error");
}

Deno.test("parsing: typed values, defaults, --name=value, flags, and -- ending the options", () => {
  const { values, positionals } = demo.parse(["--need", "x", "--stage=eval", "--json", "--ratio", "0.5"]);
  assertEquals(values, { need: "x", stage: "eval", json: true, ratio: 0.5, nodes: 500 });
  assertEquals(positionals, []);
  const later = command({ ...demo, positionals: { value: "W", help: "words", many: true } });
  assertEquals(later.parse(["--need", "y", "a", "--", "--json"]).positionals, ["a", "--json"]);
  assertEquals(later.parse(["--need", "y", "--nodes", "7"]).values.nodes, 7);
});

Deno.test("negative numbers are values: --sp -1 and a positional -1 reach the SP rule, as -0 and +518 do", () => {
  const rule = "(SP numbers are written with digits only, 0..959; no sign)";
  for (const sp of ["-1", "-0", "+518"]) {
    assertEquals(
      usageError(() => demo.parse(["--need", "x", "--sp", sp])),
      `--sp ${sp}: not an SP number: "${sp}" ${rule}`,
    );
  }
  assertEquals(
    usageError(() => demo.parse(["--need", "x", "--sp", "0-99,+518"])),
    `--sp 0-99,+518: not an SP number: "+518" ${rule}`,
  );
  assertEquals(demo.parse(["--need", "x", "--sp", "0-2,518"]).values.sp, [0, 1, 2, 518]);
  assertEquals(
    usageError(() => demo.parse(["--need", "x", "--nodes", "-5"])),
    "--nodes -5: expected a whole number >= 1",
  );
  const mbi = command({ name: "mbi", description: "d", positionals: POSITION_WORDS, options: { profile: PROFILE } });
  const { positionals } = mbi.parse(["-1"]);
  assertEquals(positionals, ["-1"]);
  assertEquals(usageError(() => positionWords(positionals)), `not an SP number: "-1" ${rule}`);
  for (const sp of ["-0", "+518"]) {
    assertEquals(usageError(() => positionWords([sp])), `not an SP number: "${sp}" ${rule}`);
  }
  assertEquals(positionWords(["518"]).sp, 518);
});

Deno.test("an unknown option names the allowed ones", () => {
  assertEquals(
    usageError(() => demo.parse(["--bogus"])),
    "unknown option --bogus (allowed: --profile, --nodes, --stage, --sp, --need, --ratio, --json; see --help)",
  );
  ok(/^unknown option -x \(allowed: /.test(usageError(() => demo.parse(["-x"]))));
  ok(/^unknown option --constructor /.test(usageError(() => demo.parse(["--constructor"]))));
  const none = command({ name: "none", description: "d", options: {} });
  assertEquals(usageError(() => none.parse(["--x=1"])), "unknown option --x (allowed: none; see --help)");
});

Deno.test("bad values: each error names the option, the value and what is allowed", () => {
  const cases: [string[], string][] = [
    [["--need", "x", "--nodes", "abc"], "--nodes abc: expected a whole number >= 1"],
    [["--need", "x", "--stage", "site"], "--stage site: expected eval or selfplay"],
    [["--need", "x", "--nodes"], "--nodes: missing its value N (the node budget; see --help)"],
    [["--need", "x", "--nodes", "--json"], "--nodes: missing its value N (the node budget; see --help)"],
    [["--need", "x", "--json=yes"], "--json takes no value (see --help)"],
    [[], "--need X is required (a value the command needs)"],
    [
      ["--need", "x", "extra"],
      `unexpected argument "extra" (did you mean --profile extra?); usage: ${demo.synopsis()}`,
    ],
  ];
  for (const [args, message] of cases) assertEquals(usageError(() => demo.parse(args)), message, args.join(" "));
  const list = command({ name: "l", description: "d", options: { c: text("C", "h", { choices: ["a", "b", "c"] }) } });
  assertEquals(usageError(() => list.parse(["--c", "d"])), "--c d: expected one of a, b, c");
  const workers = command({ name: "w", description: "d", options: { workers: WORKERS } });
  assertEquals(workers.parse([]).values.workers, navigator.hardwareConcurrency);
  throws(() => workers.parse(["--workers", "0"]), /--workers 0: expected a whole number >= 1/);
});

Deno.test("the generated help: synopsis, description, and every option with its value, help, default and choices", () => {
  const help = demo.help().split("\n");
  assertEquals(
    help[0],
    "deno task demo [--profile P] [--nodes N] [--stage STAGE] [--sp SP,...] --need X [--ratio R] [--json]",
  );
  assertEquals(help[1], "  a command of the tests");
  const line = (o: string) => help.find((l) => l.trimStart().startsWith(o)) ?? "";
  ok(line("--nodes N").endsWith("the node budget (default: 500)"), line("--nodes N"));
  ok(line("--stage STAGE").endsWith("which stage (one of eval, selfplay)"), line("--stage STAGE"));
  ok(line("--profile P").includes("(default: $MBI_PROFILE, else quick)"), line("--profile P"));
  ok(line("-h, --help").endsWith("print this help"));
});

Deno.test("every command module: --help prints its description and every option, and exits 0", async () => {
  const modules = await commandModules();
  ok(modules.length >= 30, `${modules.length} modules`);
  const printed: string[] = [];
  const log = console.log;
  console.log = (...a: unknown[]) => void printed.push(a.join(" "));
  try {
    for (const { path, command: cmd } of modules) {
      ok(cmd, `${path}: no COMMAND`);
      printed.length = 0;
      const code = await commandMain(cmd, () => {
        throw new Error("ran instead of printing its help");
      }, ["--help"]);
      assertEquals(code, 0, path);
      const help = printed.join("\n");
      ok(help.startsWith(`deno task ${cmd.name}`) && help.includes(cmd.description), `${path}: ${help}`);
      for (const [name, o] of Object.entries(cmd.options)) {
        ok(help.includes(`--${name}${o.kind === "value" ? " " : ""}`) && help.includes(o.help), `${path}: --${name}`);
      }
      // the module runs through its declaration, so that this help is the one it prints
      ok(
        Deno.readTextFileSync(repoPath(path)).includes("runCommand(import.meta, COMMAND,"),
        `${path} does not run its COMMAND`,
      );
    }
  } finally {
    console.log = log;
  }
});
