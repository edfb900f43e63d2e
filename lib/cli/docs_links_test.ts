import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { commandModules } from "./docs.ts";
import { anchors, checkDocs, type Doc, documents, type Repo, slug, taskMentions } from "./docs_links.ts";

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
