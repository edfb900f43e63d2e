/**
 * What the README and the pages of docs/ name must exist: every relative link
 * (and its `#anchor`, where it points into a Markdown file), every repository
 * path written as code, every `deno task` with every `--option` written after
 * it in the same code span or command line, and the self-play game a
 * `deno task replay-game --sp N --game G` example replays. `docs_links_test.ts`
 * runs {@link checkDocs} on the documents, and on planted mistakes to show it
 * fails.
 *
 * The rules, so that a document can follow them:
 * - A Markdown link is relative to its document; `http:`, `https:` and `mailto:` links are not checked.
 * - A code span that is a path is a path from the repository root (`results/…`, `lib/…`, `data/…`, `docs/…`,
 *   `notebooks/…`, `.ci/…`, or a top-level file); a `.ts` path that begins with a layer (`store/lock_test.ts`)
 *   is under `lib/`. Templates (`<key>`, `*`, `{a,b}`) are not checked.
 * - In a fenced code block, the paths of a command are checked; what follows `#` is a comment, where a command's
 *   outputs are named (`# -> results/full/evals.jsonl`) and not checked.
 * - The options of a `deno task X` are the `--words` after it up to the end of its code span or command (a line,
 *   continued by a trailing `\`, cut at `&&`, `||`, `;`, `#` and the next `deno task`).
 *
 * @module
 */

import { dirname, join, normalize } from "node:path";
import { repoPath } from "../core/mod.ts";
import { selfplayDir } from "../store/mod.ts";
import type { Command, Options } from "./command.ts";
import { resultsProfile } from "./options.ts";

/** A document checked: its path from the repository root, and its text. */
export interface Doc {
  /** e.g. `README.md`, `docs/ladder.md`. */
  file: string;
  /** Its Markdown. */
  text: string;
}

/** What a document may name: the repository's files and its tasks. */
export interface Repo {
  /** The repository root. */
  root: string;
  /** Every task of deno.json by name, with its command's declaration (undefined for a task that is no command). */
  tasks: ReadonlyMap<string, Command<Options> | undefined>;
  /** The replay-game command's declaration, to read an example as the command would. */
  replayGame?: Command<Options>;
}

/** The layer folders of lib/, for paths written from inside lib/ (`store/lock_test.ts`). */
const LAYERS =
  /^(core|engine|method|store|plot|runs|evaluation|selfplay|analysis|outcomes|report|notebook|site|cli)\/[\w/]+\.ts$/;
/** A path from the repository root. */
const ROOT_PATH = /^(?:(?:results|lib|data|docs|notebooks|\.ci)\/\S+|LICENSE|README\.md|deno\.json|deno\.lock)$/;
/** A template in a path: not a file name. */
const TEMPLATE = /[<>*{}…]/;

/** README.md and every Markdown page of docs/, read from `root`. */
export function documents(root = repoPath()): Doc[] {
  const pages = [...Deno.readDirSync(join(root, "docs"))].map((e) => e.name).filter((n) => n.endsWith(".md")).sort();
  return ["README.md", ...pages.map((n) => `docs/${n}`)].map((file) => ({
    file,
    text: Deno.readTextFileSync(join(root, file)),
  }));
}

/** A piece of a document: its text, the line it starts on, and whether it is a fenced code block. */
interface Piece {
  text: string;
  line: number;
  code: boolean;
}

/** The document cut into prose and fenced code blocks. */
function pieces(text: string): Piece[] {
  const out: Piece[] = [];
  const lines = text.split("\n");
  let start = 0;
  let code = false;
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
export function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

/** The anchors of a Markdown text (its headings outside code blocks; a repeated heading gets `-1`, `-2`). */
export function anchors(text: string): Set<string> {
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
export function taskMentions(text: string): { name: string; words: string[]; index: number }[] {
  const out: { name: string; words: string[]; index: number }[] = [];
  for (const m of text.matchAll(/\bdeno(?:@[\d.]+)? task ([a-z][a-z0-9-]*)/g)) {
    const rest = text.slice(m.index + m[0].length);
    const end = rest.search(/&&|\|\||;|(^|\s)#|\bdeno(?:@[\d.]+)? task |(?<!\\)\n/);
    const words = (end < 0 ? rest : rest.slice(0, end)).replace(/\\\n/g, " ").split(/\s+/).filter(Boolean);
    out.push({ name: m[1], words, index: m.index });
  }
  return out;
}

/**
 * The problems of the documents, one line each (`file:line: what`): a link or path that does not exist, an
 * anchor a page does not have, a task deno.json does not have, an option its command does not declare, a
 * replay-game example whose game is not recorded.
 */
export function checkDocs(docs: readonly Doc[], repo: Repo): string[] {
  const problems: string[] = [];
  const exists = (path: string) => {
    try {
      Deno.statSync(join(repo.root, path));
      return true;
    } catch {
      return false;
    }
  };
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
      for (const t of taskMentions(prose)) {
        if (!repo.tasks.has(t.name)) {
          say(piece, piece.text.indexOf(`task ${t.name}`), `no such task: deno task ${t.name}`);
        }
      }
    }
  }
  return problems;
}
