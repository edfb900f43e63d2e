import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { filesUnder } from "../notebook/mod.ts";
import {
  commandModules,
  COMMANDS_PAGE,
  commandsPageText,
  denoJsonText,
  modulePath,
  type Task,
  taskOf,
} from "./docs.ts";
import { documents } from "./docs_links.ts";

const ROOT = join(import.meta.dirname!, "..", "..");
const NOTES = "docs/METHOD.md";

/** The decisions the method notes number, from their `**Decision N — …**` lines. */
function decisions(): number[] {
  const text = Deno.readTextFileSync(join(ROOT, NOTES));
  return [...text.matchAll(/^\*\*Decision (\d+) — /gm)].map((m) => Number(m[1]));
}

/** README, the other docs pages, code and notebook sources: every file that may cite the notes. */
function citing(): { file: string; text: string }[] {
  const files = [
    ...documents(ROOT).map((d) => join(ROOT, d.file)).filter((f) => !f.endsWith(NOTES)),
    ...filesUnder(join(ROOT, "lib"), []).filter((f) => f.endsWith(".ts") && !f.endsWith("docs_test.ts")),
    ...filesUnder(join(ROOT, "notebooks"), []).filter((f) => f.endsWith(".ipynb")),
  ];
  return files.map((file) => {
    const raw = Deno.readTextFileSync(file);
    // a notebook cites in its sources; its outputs are checked by rendering it again
    const text = file.endsWith(".ipynb")
      ? JSON.parse(raw).cells.map((c: { source: string[] | string }) => [c.source].flat().join("")).join("\n")
      : raw;
    return { file: file.slice(ROOT.length + 1), text };
  });
}

Deno.test("the method notes are in the repository and number decisions 1-6", () => {
  assertEquals(decisions(), [1, 2, 3, 4, 5, 6]);
});

Deno.test("every citation of the method notes names docs/METHOD.md and a decision it has", () => {
  const known = new Set(decisions());
  const bad: string[] = [];
  for (const { file, text } of citing()) {
    // a page of docs/ names the notes by their file name, in a link or in words
    const beside = file.startsWith("docs/");
    for (const m of text.matchAll(/(docs\/)?METHOD\.md(?:'s)?(?:\]\([^)]*\))?([^.;\n]{0,40})/g)) {
      if (!m[1] && !beside) bad.push(`${file}: ${m[0]}`);
      for (const d of m[2].matchAll(/decisions? (\d+)(?:[–-](\d+))?/g)) {
        for (let n = Number(d[1]); n <= Number(d[2] ?? d[1]); n++) if (!known.has(n)) bad.push(`${file}: ${m[0]}`);
      }
    }
  }
  assertEquals(bad, []);
  ok(citing().some((c) => c.file === "README.md" && c.text.includes("docs/METHOD.md")));
  ok(citing().some((c) => c.file.startsWith("docs/") && /METHOD\.md\S* decision \d/.test(c.text)));
});

/** Backticked repository paths of a text (`results/…`, `lib/…`, `data/…`, `docs/…`), templates (`<key>`, `*`) left out. */
function pathsIn(text: string): string[] {
  return [...text.matchAll(/`((?:results|lib|data|docs|notebooks)\/[^`\s]+)`/g)].map((m) => m[1])
    .filter((p) => !/[<>*{}]/.test(p));
}

Deno.test("every claim of a check the README and docs report names the file that records it", () => {
  // a check reported as done ("checked …", "came out identical", "matched") names, within the next few lines, the
  // file that records it: a result record, a test or a fixture (not a page); that the paths exist is checked by
  // docs_links_test.ts
  const record = /\.(json|jsonl|ipynb|py)$|_test\.ts$/;
  const bare: string[] = [];
  let claims = 0;
  for (const { file, text } of documents(ROOT)) {
    for (const m of text.matchAll(/\(checked (?:for|against)|came out identical|matched /g)) {
      claims++;
      if (!pathsIn(text.slice(m.index, m.index + 400)).some((p) => record.test(p))) {
        bare.push(`${file}: ${text.slice(Math.max(0, m.index - 60), m.index + 80).replace(/\s+/g, " ")}`);
      }
    }
  }
  ok(claims >= 3, `${claims} claims`);
  assertEquals(bare, []);
});

Deno.test("every entry module of lib/cli/ declares its command under the file's name, and has its task", async () => {
  const modules = await commandModules();
  const bad = modules.filter((m) => !m.command || modulePath(m.command.name) !== m.path).map((m) => m.path);
  assertEquals(bad, []);
  const tasks = JSON.parse(Deno.readTextFileSync(join(ROOT, "deno.json"))).tasks as Record<string, Task>;
  const commands = Object.fromEntries(modules.map(taskOf));
  // every task but `test` is a command, with the command's declared description, and every command a task
  assertEquals(Object.keys(tasks).filter((t) => t !== "test").sort(), Object.keys(commands).sort());
  for (const [name, task] of Object.entries(commands)) assertEquals(tasks[name], task, name);
  assertEquals(tasks.test.command, "deno fmt --check && deno lint && deno check lib/ .ci/ && deno test -A lib/");
  ok(tasks.test.description.length > 0);
});

Deno.test("the list of commands in docs/commands.md and deno.json's tasks are current (deno task docs writes them)", async () => {
  const modules = await commandModules();
  for (const [file, make] of [[COMMANDS_PAGE, commandsPageText], ["deno.json", denoJsonText]] as const) {
    const text = Deno.readTextFileSync(join(ROOT, file));
    assertEquals(make(text, modules), text, `${file} is not current: run deno task docs`);
  }
  const page = Deno.readTextFileSync(join(ROOT, COMMANDS_PAGE));
  for (const m of modules) ok(page.includes(`- \`deno task ${m.command!.name}`), m.command!.name);
  // the README links the page rather than holding a list of its own
  ok(Deno.readTextFileSync(join(ROOT, "README.md")).includes(`](${COMMANDS_PAGE})`));
});

/**
 * Body rows of Markdown tables whose only filled cell is the first: a paragraph written right under a table (no
 * blank line) becomes such rows when `deno fmt` lays the table out, and its words read as a table's.
 */
function swallowedRows(text: string): string[] {
  const out: string[] = [];
  let inBody = false;
  for (const line of text.split("\n")) {
    if (!line.startsWith("|")) {
      inBody = false;
      continue;
    }
    if (/^\|[\s:|-]+\|$/.test(line)) {
      inBody = true;
      continue;
    }
    const cells = line.trim().replace(/^\||\|$/g, "").split(/(?<!\\)\|/).map((c) => c.trim());
    if (inBody && cells.length > 1 && cells[0] !== "" && cells.slice(1).every((c) => c === "")) out.push(line);
  }
  return out;
}

Deno.test("no paragraph is swallowed by the table above it (a body row with only its first cell filled)", () => {
  assertEquals(swallowedRows("| a | b |\n| - | - |\n| 1 | 2 |\nprose\n"), []);
  assertEquals(swallowedRows("| a | b |\n| - | - |\n| 1 | 2 |\n| prose that lost its blank line |  |\n"), [
    "| prose that lost its blank line |  |",
  ]);
  // a table's title in its header row, second header cell empty, is a header, not a body row
  assertEquals(swallowedRows("| cost |  |\n| - | - |\n| search | 8.7 × 10¹⁰ nodes |\n"), []);
  for (const d of documents()) assertEquals(swallowedRows(d.text).map((l) => `${d.file}: ${l}`), []);
});
