/**
 * One declaration per command (name, description, positionals, options), from which follow its parsing, `--help`,
 * one-line usage errors (exit 2, {@link runCommand}) and its lines in docs/commands.md and deno.json (`docs.ts`).
 *
 * Why not node's `parseArgs` or npm `commander`: strict `parseArgs` reads `--sp -1` as a missing value and `-1` as a
 * short option, so a range check could not name a negative number; `commander` brings its own help layout, error
 * wording and `process.exit`, where these commands keep their one-line errors (tests assert them) and exit codes.
 *
 * @module
 */

import { isAbsolute, resolve } from "node:path";
import {
  errorLine,
  exitCodeOf,
  INPUT_ERROR_CODES,
  installShutdown,
  isMbiError,
  runCleanups,
  UsageError,
} from "../core/mod.ts";

export { UsageError };

/** An option of a command: what it takes, its help, and how its text becomes a value. */
export interface Option<T = unknown> {
  /** `flag`: present or not (true or undefined); `value`: takes a value (`--name V` or `--name=V`). */
  readonly kind: "flag" | "value";
  /** The value's name in the synopsis, help and errors (e.g. `N`, `ID|PATH`); values only. */
  readonly value?: string;
  readonly help: string;
  /** The allowed values, where there is a fixed set (checked before `parse`). */
  readonly choices?: readonly string[];
  /** The value when the option is not given (shown in the help unless `defaultText` says it in words). */
  readonly default?: T;
  /** The default in words, for the help, where it is not a constant (e.g. "the profile's"). */
  readonly defaultText?: string;
  /** The command cannot run without it: its absence is a usage error naming it. */
  readonly required?: boolean;
  /** Turns the text given into the value; throws a {@link UsageError} naming the option and what is allowed. */
  readonly parse: (text: string, option: string) => T;
}

/** What a command takes besides its options: positional words, all of the same kind. */
export interface Positionals {
  /** Their name in the synopsis and help, e.g. `SHARD_FILE`. */
  readonly value: string;
  readonly help: string;
  /** At least one is needed (shown without brackets; the command says what is missing). */
  readonly required?: boolean;
  /** Several may be given (shown as `NAME ...`). */
  readonly many?: boolean;
}

/** The declaration of a command. */
export interface CommandSpec<O extends Options> {
  /** The task name: `deno task <name>`, module `lib/cli/<name with _>.ts`. */
  readonly name: string;
  /** One line: what the command does (also the task's description and its line in docs/commands.md). */
  readonly description: string;
  /** More lines for `--help` only (exit codes, where results go). */
  readonly details?: readonly string[];
  /** Its options, in the order the help lists them. */
  readonly options: O;
  /** Its positional words; without this, any positional word is an error. */
  readonly positionals?: Positionals;
}

/** The options of a command by name. */
export type Options = Readonly<Record<string, Option>>;

type Given<O> = O extends { readonly required: true } ? true
  : O extends { readonly default: infer D } ? ([D] extends [undefined] ? false : true)
  : false;
type ValueOf<O> = O extends { readonly parse: (...a: never[]) => infer T } ? T : never;

/** The parsed values of options `O`: a required option or one with a default is always there. */
export type Values<O extends Options> = {
  -readonly [K in keyof O]: Given<O[K]> extends true ? ValueOf<O[K]> : ValueOf<O[K]> | undefined;
};

/** What {@link Command.parse} returns: the options' values and the positional words, in order. */
export type Parsed<O extends Options> = { values: Values<O>; positionals: string[] };

/** A declared command: its declaration, and the parsing and help derived from it. */
export interface Command<O extends Options> extends CommandSpec<O> {
  /** Parses `args`; every mistake is a {@link UsageError} of one line. */
  parse(args: readonly string[]): Parsed<O>;
  /** The `--help` text: synopsis, description, details, options. */
  help(): string;
  /** The synopsis: `deno task <name>` with every option and the positionals. */
  synopsis(): string;
}

type None = Record<never, never>;
type More<T> = Partial<Pick<Option<T>, "default" | "defaultText" | "required" | "choices">>;

/** A flag: true when given, undefined otherwise. */
export function flag(help: string): Option<boolean> & { kind: "flag" } {
  return { kind: "flag", help, parse: () => true };
}

/** A text value. */
export function text<const M extends More<string> = None>(value: string, help: string, more?: M): Option<string> & M {
  return valueOf(value, help, (t) => t, more);
}

/** A value that `parse` turns into a `T` (throwing a {@link UsageError} for a bad one). */
export function valueOf<T, const M extends More<T> = None>(
  value: string,
  help: string,
  parse: (text: string, option: string) => T,
  more?: M,
): Option<T> & M {
  return { kind: "value", value, help, parse, ...more } as unknown as Option<T> & M;
}

/** A whole number >= `min` (default 1), named with the range on error. */
export function whole<const M extends More<number> & { min?: number } = None>(
  value: string,
  help: string,
  more?: M,
): Option<number> & M {
  return valueOf(value, help, (t, o) => wholeNumber(o, t, more?.min ?? 1), more) as Option<number> & M;
}

/** Parses a whole number >= `min` given to `--option`, naming the option and the range on error. */
export function wholeNumber(option: string, value: string, min = 1): number {
  if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`--${option} ${value}: expected a whole number >= ${min}`);
  }
  return Number(value);
}

/** A word that starts with a dash and is still a value: `-1`, `-5`, `-` (so that range checks can name it). */
const DASH_VALUE = /^-(\d|$)/;

/** Declares a command: the one place its name, description, positionals and options are written. */
export function command<const O extends Options>(spec: CommandSpec<O>): Command<O> {
  const names = Object.keys(spec.options);
  const optionText = (name: string, o: Option) => `--${name}${o.kind === "value" ? ` ${valueName(o)}` : ""}`;
  const synopsis = () => {
    const parts = names.map((n) => {
      const o = spec.options[n];
      return o.required ? optionText(n, o) : `[${optionText(n, o)}]`;
    });
    const p = spec.positionals;
    const words = p && `${p.value}${p.many ? " ..." : ""}`;
    // what must be given comes first, what may be given last
    if (words) p.required ? parts.unshift(words) : parts.push(`[${words}]`);
    return [`deno task ${spec.name}`, ...parts].join(" ");
  };
  return {
    ...spec,
    synopsis,
    help: () => {
      const rows: [string, string][] = names.map((n) => {
        const o = spec.options[n];
        const shown = o.defaultText ?? (o.default === undefined ? undefined : String(o.default));
        const allowed = o.choices && o.value ? ` (one of ${o.choices.join(", ")})` : "";
        return [optionText(n, o), `${o.help}${allowed}${shown === undefined ? "" : ` (default: ${shown})`}`];
      });
      if (spec.positionals) rows.unshift([spec.positionals.value, spec.positionals.help]);
      rows.push(["-h, --help", "print this help"]);
      const width = Math.min(30, Math.max(...rows.map(([l]) => l.length)) + 2);
      const table = rows.map(([l, r]) =>
        `  ${l.padEnd(width)}${l.length >= width ? `\n  ${"".padEnd(width)}` : ""}${r}`
      );
      return [synopsis(), `  ${spec.description}`, ...(spec.details ?? []).map((d) => `  ${d}`), "", ...table]
        .join("\n");
    },
    parse: (args) => parse(spec, args, synopsis),
  };
}

/** An option's value name: its own, or its choices. */
function valueName(o: Option): string {
  return o.value ?? o.choices?.join("|") ?? "VALUE";
}

function parse<O extends Options>(spec: CommandSpec<O>, args: readonly string[], synopsis: () => string): Parsed<O> {
  const options: Options = spec.options;
  const values: Record<string, unknown> = {};
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || DASH_VALUE.test(arg)) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const written = eq < 0 ? arg : arg.slice(0, eq);
    const name = written.slice(2);
    if (!written.startsWith("--") || !Object.hasOwn(options, name)) {
      const allowed = Object.keys(options).map((o) => `--${o}`).join(", ");
      throw new UsageError(`unknown option ${written} (allowed: ${allowed || "none"}; see --help)`);
    }
    const o = options[name];
    if (o.kind === "flag") {
      if (eq >= 0) throw new UsageError(`--${name} takes no value (see --help)`);
      values[name] = true;
      continue;
    }
    const next = args[i + 1];
    let given: string;
    if (eq >= 0) given = arg.slice(eq + 1);
    else if (next !== undefined && (!next.startsWith("-") || DASH_VALUE.test(next))) given = args[++i];
    else throw new UsageError(`--${name}: missing its value ${valueName(o)} (${o.help}; see --help)`);
    if (o.choices && !o.choices.includes(given)) {
      const list = o.choices.length === 2 ? o.choices.join(" or ") : `one of ${o.choices.join(", ")}`;
      throw new UsageError(`--${name} ${given}: expected ${list}`);
    }
    values[name] = asUsage(() => o.parse(given, name));
  }
  for (const [name, o] of Object.entries(options)) {
    if (values[name] !== undefined) continue;
    if (o.required) throw new UsageError(`--${name} ${valueName(o)} is required (${o.help})`);
    if (o.default !== undefined) values[name] = o.default;
  }
  if (!spec.positionals && positionals.length > 0) {
    const extra = positionals[0];
    const hint = Object.hasOwn(options, "profile") ? ` (did you mean --profile ${extra}?)` : "";
    throw new UsageError(`unexpected argument "${extra}"${hint}; usage: ${synopsis()}`);
  }
  return { values: values as Values<O>, positionals };
}

/** The main function of a command: it gets the parsed arguments and returns the exit code (none: 0). */
type Main<O extends Options> = (parsed: Parsed<O>) => Promise<number | void> | number | void;

/**
 * Runs `main` when the calling module is the program (`meta` is its `import.meta`). A domain error is one
 * `error: …` line on stderr, exit 2 for the input-error codes (`INPUT_ERROR_CODES`: usage errors among them), 1 for
 * others; any other error is a bug, `internal error: …` with exit 70 (MBI_DEBUG=1 prints its stack).
 */
export async function runCommand<O extends Options>(meta: ImportMeta, cmd: Command<O>, main: Main<O>): Promise<void> {
  if (!meta.main) return;
  installShutdown();
  try {
    const code = await commandMain(cmd, main, Deno.args);
    await runCleanups();
    Deno.exit(code ?? 0);
  } catch (e) {
    const err = e as Error;
    const exit = exitCodeOf(err);
    console.error(`${exit === 70 ? "internal error" : "error"}: ${errorLine(String(err?.message ?? err))}`);
    if (Deno.env.get("MBI_DEBUG")) console.error(err?.stack);
    await runCleanups();
    Deno.exit(exit);
  }
}

/** `--help` or `-h` prints the command's help (exit code 0); otherwise `main` gets the parsed arguments. */
export async function commandMain<O extends Options>(
  cmd: Command<O>,
  main: Main<O>,
  args: readonly string[],
): Promise<number | void> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(cmd.help());
    return 0;
  }
  return await main(cmd.parse(args));
}

/** A path the user typed, resolved against the folder they typed it in (`deno task` runs from the repository root). */
export function userPath(path: string): string {
  return isAbsolute(path) ? path : resolve(Deno.env.get("INIT_CWD") ?? Deno.cwd(), path);
}

/** A value the user typed that the layers below refuse as bad input is a usage error of the command. */
function asUsage<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (isMbiError(e) && !(e instanceof UsageError) && INPUT_ERROR_CODES.has(e.code)) throw new UsageError(e.message);
    throw e;
  }
}
