/**
 * `deno task docs`: writes the list of commands in docs/commands.md and the tasks of deno.json again from the commands'
 * declarations (`docs_test.ts` checks both are current); tasks that are not commands (`test`) are kept as they are.
 *
 * @module
 */

import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoPath } from "../core/mod.ts";
import { writeFileAtomic } from "../store/mod.ts";
import { type Command, command, type Options, runCommand } from "./command.ts";

/** The declaration of `deno task docs`. */
export const COMMAND = command({
  name: "docs",
  description:
    "writes the list of commands in docs/commands.md and deno.json's tasks again from the commands' declarations",
  options: {},
});

/** A command module of lib/cli/: its path from the repository root, and its `COMMAND` (undefined when none). */
export type CommandModule = { path: string; command: Command<Options> | undefined };

/** A task of deno.json in Deno 2's form: what `deno task` lists beside its name, and the command it runs. */
export type Task = { description: string; command: string };

/** The page that lists every command, from the repository root. */
export const COMMANDS_PAGE = "docs/commands.md";

const MARKERS = ["<!-- commands:begin -->", "<!-- commands:end -->"] as const;
const CLI = repoPath("lib", "cli");

/** Every entry module of lib/cli/ (a module that runs as a program), sorted, with its declaration. */
export async function commandModules(): Promise<CommandModule[]> {
  const files = [...Deno.readDirSync(CLI)].map((e) => e.name)
    .filter((n) => n.endsWith(".ts") && !n.endsWith("_test.ts"))
    .filter((n) => Deno.readTextFileSync(join(CLI, n)).includes("runCommand(import.meta,"))
    .sort();
  return await Promise.all(files.map(async (name) => {
    // this module's own declaration is at hand: importing itself while it runs would wait for itself
    const mod = name === basename(import.meta.filename!)
      ? { COMMAND }
      : await import(pathToFileURL(join(CLI, name)).href);
    return { path: `lib/cli/${name}`, command: mod.COMMAND as Command<Options> | undefined };
  }));
}

/** The task of a command module. */
export function taskOf(m: CommandModule): [string, Task] {
  const cmd = m.command!;
  return [cmd.name, { description: cmd.description, command: `deno run -A ${m.path}` }];
}

/** deno.json with its tasks made from the commands (tasks that are not commands kept first, as they are). */
export function denoJsonText(current: string, modules: CommandModule[]): string {
  const json = JSON.parse(current);
  const names = new Set(modules.map((m) => m.command!.name));
  const kept = Object.entries(json.tasks ?? {}).filter(([name]) => !names.has(name));
  json.tasks = Object.fromEntries([...kept, ...modules.map(taskOf)]);
  return JSON.stringify(json, null, 2) + "\n";
}

/** The commands page with its list of commands made from the declarations. */
export function commandsPageText(current: string, modules: CommandModule[]): string {
  const [begin, end] = [current.indexOf(MARKERS[0]), current.indexOf(MARKERS[1])];
  if (begin < 0 || end < begin) throw new Error(`${COMMANDS_PAGE} has no ${MARKERS.join(" … ")} block`);
  const lines = modules.map((m) => `- \`${m.command!.synopsis()}\` — ${m.command!.description}`);
  const list = [MARKERS[0], "", ...lines, "", MARKERS[1]].join("\n");
  return current.slice(0, begin) + list + current.slice(end + MARKERS[1].length);
}

/** The module path a command's name belongs to (`eval-all` → `lib/cli/eval_all.ts`). */
export function modulePath(name: string): string {
  return `lib/cli/${name.replaceAll("-", "_")}.ts`;
}

await runCommand(import.meta, COMMAND, async () => {
  const modules = await commandModules();
  const bare = modules.filter((m) => !m.command || modulePath(m.command.name) !== m.path);
  if (bare.length) {
    throw new Error(`no declaration named after the file in ${bare.map((m) => basename(m.path)).join(", ")}`);
  }
  for (const [file, make] of [[COMMANDS_PAGE, commandsPageText], ["deno.json", denoJsonText]] as const) {
    const path = repoPath(file);
    const before = await Deno.readTextFile(path);
    const after = make(before, modules);
    if (after !== before) await writeFileAtomic(path, after);
    console.log(`${after === before ? "unchanged:" : "wrote"} ${file}`);
  }
});
