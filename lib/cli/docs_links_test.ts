/*
 * What the README and the pages of docs/ name must exist: every relative link
 * (and its `#anchor` into a Markdown file), every repository path written as
 * code, every `deno task` with each `--option` written after it, and the game a
 * `deno task replay-game --sp N --game G` example replays. The rules:
 * - A Markdown link is relative to its document; `http:`, `https:` and `mailto:` links are not checked.
 * - A code span that is a path is a path from the repository root (`results/…`, `lib/…`, `data/…`, `docs/…`,
 *   `notebooks/…`, `.ci/…`, or a top-level file); a `.ts` path that begins with a layer (`store/lock_test.ts`)
 *   is under `lib/`. Templates (`<key>`, `*`, `{a,b}`) are not checked.
 * - In a fenced code block, the paths of a command are checked; what follows `#` is a comment, where a command's
 *   outputs are named (`# -> results/full/evals.jsonl`) and not checked.
 * - The options of a `deno task X` are the `--words` after it up to the end of its code span or command (a line,
 *   continued by a trailing `\`, cut at `&&`, `||`, `;`, `#` and the next `deno task`).
 */

import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { existsSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { selfplayDir } from "../store/mod.ts";
import type { Command, Options } from "./command.ts";
import { commandModules } from "./docs.ts";
import { type Doc, documents } from "./docs_links.ts";
import { resultsProfile } from "./options.ts";

/** What a document may name: the repository's files, its tasks (with their declarations), replay-game's example. */
type Repo = {
  root: string;
  tasks: ReadonlyMap<string, Command<Options> | undefined>;
  replayGame?: Command<Options>;
};

/** The layer folders of lib/, for paths written from inside lib/ (`store/lock_test.ts`). */
const LAYERS =
  /^(core|engine|method|store|plot|runs|evaluation|selfplay|analysis|outcomes|report|notebook|site|cli)\/[\w/]+\.ts$/;
/** A path from the repository root. */
const ROOT_PATH = /^(?:(?:results|lib|data|docs|notebooks|\.ci)\/\S+|LICENSE|README\.md|deno\.json|deno\.lock)$/;
/** A template in a path: not a file name. */
const TEMPLATE = /[<>*{}…]/;

/** A piece of a document: its text, the line it starts on, and whether it is a fenced code block. */
type Piece = { text: string; line: number; code: boolean };

/** The document cut into prose and fenced code blocks. */
function pieces(text: string): Piece[] {
  const out: Piece[] = [];
  const lines = text.split("\n");
  let start = 0, code = false;
  lines.forEach((l, i) => {
    if (/^\s*```/.test(l)) {
      out.push({ text: lines.slice(start, i).join("\n"), line: start + 1, code });
      start = i + 1;
      code = !code;
    }
  });
  out.push({ text: lines.slice(start).join("\n"), line: start + 1, code });
  return out;
}

/** The line of `index` within a piece. */
function lineAt(piece: Piece, index: number): number {
  return piece.line + (piece.text.slice(0, index).match(/\n/g)?.length ?? 0);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

/** The anchors of a Markdown text (its headings outside code blocks; a repeated heading gets `-1`, `-2`). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const p of pieces(text).filter((p) => !p.code)) {
    for (const m of p.text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
      const s = slug(m[1]);
      const n = seen.get(s) ?? 0;
      seen.set(s, n + 1);
      out.add(n === 0 ? s : `${s}-${n}`);
    }
  }
  return out;
}

/** The commands a text runs: each `deno task X` with the words after it, up to the end of its command. */
function taskMentions(text: string): { name: string; words: string[]; index: number }[] {
  return [...text.matchAll(/\bdeno(?:@[\d.]+)? task ([a-z][a-z0-9-]*)/g)].map((m) => {
    const rest = text.slice(m.index + m[0].length);
    const end = rest.search(/&&|\|\||;|(^|\s)#|\bdeno(?:@[\d.]+)? task |(?<!\\)\n/);
    const words = (end < 0 ? rest : rest.slice(0, end)).replace(/\\\n/g, " ").split(/\s+/).filter(Boolean);
    return { name: m[1], words, index: m.index };
  });
}

/** The problems of the documents, one line each (`file:line: what`). */
function checkDocs(docs: readonly Doc[], repo: Repo): string[] {
  const problems: string[] = [];
  const exists = (path: string) => existsSync(join(repo.root, path));
  const texts = new Map(docs.map((d) => [d.file, d.text]));
  const anchorsOf = (file: string) => anchors(texts.get(file) ?? Deno.readTextFileSync(join(repo.root, file)));
  for (const doc of docs) {
    const say = (piece: Piece, index: number, what: string) =>
      problems.push(`${doc.file}:${lineAt(piece, index)}: ${what}`);
    const checkPath = (piece: Piece, index: number, path: string) => {
      const clean = path.replace(/[.,:;)]+$/, "");
      if (TEMPLATE.test(clean)) return;
      const full = LAYERS.test(clean) ? `lib/${clean}` : clean;
      if ((ROOT_PATH.test(full) || LAYERS.test(clean)) && !exists(full)) say(piece, index, `no such path: ${clean}`);
    };
    const checkCommand = (piece: Piece, index: number, name: string, words: string[]) => {
      if (!repo.tasks.has(name)) return say(piece, index, `no such task: deno task ${name}`);
      const cmd = repo.tasks.get(name);
      for (const w of words.join(" ").matchAll(/(?<![\w-])--([a-z][a-z0-9-]*)/g)) {
        if (w[1] === "help") continue;
        if (!cmd || !Object.hasOwn(cmd.options, w[1])) say(piece, index, `deno task ${name} has no option --${w[1]}`);
      }
      if (name === "replay-game") checkReplay(piece, index, words);
    };
    const checkReplay = (piece: Piece, index: number, words: string[]) => {
      const value = (o: string) => words.includes(`--${o}`) ? words[words.indexOf(`--${o}`) + 1] : undefined;
      const [sp, game, profile] = [value("sp"), value("game"), value("profile") ?? ""];
      if (sp === undefined || game === undefined || !/^\d+$/.test(sp) || !/^\d+$/.test(game)) return;
      if ((profile && !/^[\w~@.-]+$/.test(profile)) || !repo.replayGame) return;
      const args = ["--sp", sp, "--game", game, ...(profile ? ["--profile", profile] : [])];
      const { values } = repo.replayGame.parse(args);
      const dir = selfplayDir(resultsProfile(values as { profile?: string }));
      let games: number | undefined;
      try {
        const summary = JSON.parse(Deno.readTextFileSync(join(dir, "selfplay.json")));
        games = summary.positions.find((p: { sp: number }) => p.sp === Number(sp))?.games;
      } catch {
        games = undefined;
      }
      if (!games || games < Number(game)) {
        say(piece, index, `replay-game example: no game ${game} of SP ${sp} in ${profile || "quick"}'s self-play`);
      }
    };
    for (const piece of pieces(doc.text)) {
      if (piece.code) {
        // a command's words outside its comment; the comment names outputs
        const text = piece.text.split("\n").map((l) => l.replace(/(^|\s)#.*$/, "")).join("\n");
        const commands = { ...piece, text };
        for (const m of text.matchAll(/(?<=^|\s)((?:results|lib|data|docs|notebooks|\.ci)\/[^\s"'`]+)/gm)) {
          checkPath(commands, m.index, m[1]);
        }
        for (const t of taskMentions(text)) checkCommand(commands, t.index, t.name, t.words);
        continue;
      }
      for (const m of piece.text.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
        const [target, fragment] = m[1].split("#");
        if (/^[a-z]+:/i.test(target)) continue;
        const file = target === "" ? doc.file : normalize(join(dirname(doc.file), decodeURI(target)));
        if (file.startsWith("..") || !exists(file)) {
          say(piece, m.index, `no such link target: ${m[1]}`);
        } else if (fragment !== undefined && file.endsWith(".md") && !anchorsOf(file).has(fragment)) {
          say(piece, m.index, `no heading #${fragment} in ${file}`);
        }
      }
      for (const m of piece.text.matchAll(/`([^`]+)`/g)) {
        const span = m[1].replace(/\s+/g, " ").trim();
        if (!span.includes(" ")) checkPath(piece, m.index, span);
        for (const t of taskMentions(span)) checkCommand(piece, m.index, t.name, t.words);
      }
      // a task named in prose, outside code: its name must exist (its options are not read there)
      const prose = piece.text.replace(/`[^`]*`/g, "");
      for (const t of taskMentions(prose).filter((t) => !repo.tasks.has(t.name))) {
        say(piece, piece.text.indexOf(`task ${t.name}`), `no such task: deno task ${t.name}`);
      }
    }
  }
  return problems;
}

const ROOT = join(import.meta.dirname!, "..", "..");

/** The repository as the documents see it: its files, deno.json's tasks and the commands' declarations. */
async function repo(): Promise<Repo> {
  const modules = await commandModules();
  const commands = new Map(modules.map((m) => [m.command!.name, m.command]));
  const names = Object.keys(JSON.parse(Deno.readTextFileSync(join(ROOT, "deno.json"))).tasks);
  return {
    root: ROOT,
    tasks: new Map(names.map((n) => [n, commands.get(n)])),
    replayGame: commands.get("replay-game"),
  };
}

Deno.test("every link, path, task and option the README and docs/ name exists", async () => {
  const docs = documents(ROOT);
  ok(docs.length >= 10, `${docs.length} documents`);
  assertEquals(checkDocs(docs, await repo()), []);
});

Deno.test("the README links every page of docs/", () => {
  const [readme, ...pages] = documents(ROOT);
  const unlinked = pages.filter((p) => !readme.text.includes(`](${p.file})`)).map((p) => p.file);
  assertEquals(unlinked, []);
});

Deno.test("the checker fails on planted mistakes, each named with its file and line", async () => {
  const planted: Doc[] = [{
    file: "docs/planted.md",
    text: [
      "# Planted",
      "A [good link](ladder.md#convergence-the-index-has-not-settled-at-8000000-nodes) and [a bad one](nosuch.md).",
      "A [bad anchor](ladder.md#nosuch) and a [web link](https://example.org/nosuch) that is not checked.",
      "Paths: `results/quick/mbi.json`, `results/quick/nosuch.json`, `store/nosuch_test.ts`, `results/<key>/mbi.json`.",
      "Run `deno task nosuch`, `deno task mbi 518 --nosuch` and `deno task replay-game --sp 518 --game 7`.",
      "```sh",
      "deno task replay-game --sp 145 --game 1                    # a quick game that exists",
      "deno task eval-all --profile quick --out lib/nosuch/x.jsonl \\",
      "  --bogus 1 && deno task stats --profile quick           # -> results/nosuch/summary.json (an output)",
      "```",
      "And deno task gone in prose.",
    ].join("\n"),
  }];
  assertEquals(checkDocs(planted, await repo()), [
    "docs/planted.md:2: no such link target: nosuch.md",
    "docs/planted.md:3: no heading #nosuch in docs/ladder.md",
    "docs/planted.md:4: no such path: results/quick/nosuch.json",
    "docs/planted.md:4: no such path: store/nosuch_test.ts",
    "docs/planted.md:5: no such task: deno task nosuch",
    "docs/planted.md:5: deno task mbi has no option --nosuch",
    "docs/planted.md:5: replay-game example: no game 7 of SP 518 in quick's self-play",
    "docs/planted.md:8: no such path: lib/nosuch/x.jsonl",
    "docs/planted.md:8: deno task eval-all has no option --bogus",
    "docs/planted.md:11: no such task: deno task gone",
  ]);
});

Deno.test("the README's old replay-game example fails twice: no --from-seed, and SP 518 has no quick games", async () => {
  const old = { file: "README.md", text: "`deno task replay-game --sp 518 --game 7 [--profile P] [--from-seed]`" };
  assertEquals(checkDocs([old], await repo()), [
    "README.md:1: deno task replay-game has no option --from-seed",
    "README.md:1: replay-game example: no game 7 of SP 518 in quick's self-play",
  ]);
  // the example the README gives now replays a game that is recorded
  const now = { file: "README.md", text: "`deno task replay-game --sp 145 --game 1`" };
  assertEquals(checkDocs([now], await repo()), []);
});

Deno.test("a command's words end at its span, its line (unless continued), &&, ;, a comment or the next command", () => {
  assertEquals(
    taskMentions(
      "npx -y deno@2.9.6 task pipeline --profile quick # --no\ndeno task a --x \\\n  --y && deno task b --z; c --w",
    )
      .map((t) => [t.name, t.words.join(" ")]),
    [["pipeline", "--profile quick"], ["a", "--x --y"], ["b", "--z"]],
  );
});

Deno.test("anchors are GitHub's: lower case, punctuation dropped, spaces as hyphens, repeats numbered", () => {
  assertEquals(slug("Stage 4 — self-play"), "stage-4--self-play");
  assertEquals(
    slug("Per-position uncertainty: what `[lo–hi]` is and is not"),
    "per-position-uncertainty-what-lohi-is-and-is-not",
  );
  assertEquals([...anchors("# A\n```\n# not a heading\n```\n## A\n### B?")], ["a", "a-1", "b"]);
});
