/**
 * Records declared once: each result record (a header, a line of a JSONL
 * file, a JSON file) is a valibot schema, from which come both its TypeScript
 * type (`v.InferOutput<typeof X>`) and its reader's check ({@link checkRecord}).
 *
 * Why valibot: its schemas are plain functions, so a bundle or a check pulls in
 * only the validators it uses (zod's schemas are classes that bring the whole
 * library along); its messages can be set per field, and its issues carry the
 * path and value, which is what a one-line error naming the file, line, field,
 * value and what is allowed needs. Schemas here check and never transform: a
 * reader returns the value as read (its keys in their order, and the fields of
 * a newer writer), so what it rewrites keeps its bytes.
 *
 * @module
 */

import * as v from "valibot";
import { type ErrorCode, MbiError } from "./errors.ts";
import { shortJson } from "./compare.ts";

/** A whole number (a JSON integer); `rule` says what is allowed, e.g. "is not a whole number". */
export function integer(rule = "is not a whole number") {
  return v.pipe(v.number(rule), v.integer(rule));
}

/** A whole number >= 0. */
export function count(rule = "is not a whole number >= 0") {
  return v.pipe(v.number(rule), v.integer(rule), v.minValue(0, rule));
}

/** A text. */
export function text(rule = "is not a text") {
  return v.string(rule);
}

/** A list of texts (e.g. moves); `rule` is said of the list or of the item that is not a text. */
export function texts(rule = "is not a list of texts") {
  return v.array(v.string(rule), rule);
}

/** The `kind` of a file: the literal that marks it as this workspace's. */
export function fileKind<K extends string>(kind: K) {
  return v.literal(kind, `is not "${kind}"`);
}

/** A schema version this code reads: a whole number up to `max`. */
export function schemaVersion(max: number) {
  return v.pipe(integer("is not a schema number"), v.maxValue(max, `is newer than this code reads (up to ${max})`));
}

/** An object whose fields this record does not check (its type is given, e.g. an engine identity). */
export function opaque<T extends object>(rule = "is not an object") {
  return v.custom<T>((x) => typeof x === "object" && x !== null && !Array.isArray(x), rule);
}

/** One line naming the field (its path), its value (or that it is missing) and what is allowed; just the rule for the record as a whole. */
export function issueText(schema: v.GenericSchema, issue: v.BaseIssue<unknown>): string {
  const path = issue.path?.map((p) => p.key) ?? [];
  if (path.length === 0) return issue.message;
  // A missing field is reported by its object; say what the field itself allows.
  const message = issue.received === "undefined" ? fieldRule(schema, path) ?? issue.message : issue.message;
  if (issue.input === undefined) {
    return `${path.join(".")} is missing (expected ${message.replace(/^is not /, "")})`;
  }
  return `${path.join(".")} ${shortJson(issue.input)} ${message}`;
}

/** The rule of the field at `path` (what its schema says of a missing value). */
function fieldRule(schema: v.GenericSchema, path: unknown[]): string | undefined {
  type Node = { entries?: Record<string, Node>; item?: Node } | undefined;
  let s = schema as Node;
  for (const key of path) s = typeof key === "number" ? s?.item : s?.entries?.[String(key)];
  if (!s) return undefined;
  const r = v.safeParse(s as v.GenericSchema, undefined, CONFIG);
  return r.success ? undefined : r.issues[0].message;
}

/** What a schema without its own message expects, in words. */
const EXPECTED: Record<string, string> = {
  Object: "an object",
  Array: "a list",
  number: "a number",
  string: "a text",
  boolean: "true or false",
  null: "null",
};

const CONFIG = {
  abortEarly: true,
  message: (i: v.BaseIssue<unknown>) => `is not ${EXPECTED[i.expected ?? ""] ?? i.expected ?? "allowed"}`,
};

/**
 * Checks `value` against a record's schema and returns it as read (typed);
 * otherwise throws an {@link MbiError} of `code`: `<where>: <field> <value> <rule>`,
 * one line (e.g. `evals.jsonl line 7: depth -1 is not a whole number >= 0`).
 */
export function checkRecord<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  where: string,
  code: ErrorCode,
): v.InferOutput<S> {
  const r = v.safeParse(schema, value, CONFIG);
  if (!r.success) throw new MbiError(code, `${where}: ${issueText(schema, r.issues[0])}`);
  return value as v.InferOutput<S>;
}

/**
 * Parses the JSON text of a result file; a damaged file is an {@link MbiError}
 * of `code`: `<where> is damaged (<parser's reason>): <fix> to write it again`.
 */
export function parseJsonText(text: string, where: string, code: ErrorCode, fix: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new MbiError(code, `${where} is damaged (${(e as Error).message}): ${fix} to write it again`);
  }
}
