/**
 * Records declared once: each result record is a valibot schema, giving both its type and its reader's check
 * ({@link checkRecord}). Why valibot: plain-function schemas (a bundle pulls in only the validators it uses, unlike
 * zod's classes), and issues with path and value, for one-line errors naming file, line, field, value and rule.
 * Schemas check and never transform: a reader returns the value as read, so what it rewrites keeps its bytes.
 *
 * @module
 */

import * as v from "valibot";
import { type ErrorCode, MbiError } from "./errors.ts";
import { shortJson } from "./compare.ts";

/** A whole number (a JSON integer); `rule` says what is allowed, e.g. "is not a whole number". */
export const integer = (rule = "is not a whole number") => v.pipe(v.number(rule), v.integer(rule));

/** A whole number >= 0. */
export const count = (rule = "is not a whole number >= 0") =>
  v.pipe(v.number(rule), v.integer(rule), v.minValue(0, rule));

/** A text. */
export const text = (rule = "is not a text") => v.string(rule);

/** A list of texts (e.g. moves); `rule` is said of the list or of the item that is not a text. */
export const texts = (rule = "is not a list of texts") => v.array(v.string(rule), rule);

/** The `kind` of a file: the literal that marks it as this workspace's. */
export const fileKind = <K extends string>(kind: K) => v.literal(kind, `is not "${kind}"`);

/** A schema version this code reads: a whole number up to `max`. */
export const schemaVersion = (max: number) =>
  v.pipe(integer("is not a schema number"), v.maxValue(max, `is newer than this code reads (up to ${max})`));

/** An object whose fields this record does not check (its type is given, e.g. an engine identity). */
export const opaque = <T extends object>(rule = "is not an object") =>
  v.custom<T>((x) => typeof x === "object" && x !== null && !Array.isArray(x), rule);

/** One line naming the field (its path), its value (or that it is missing) and what is allowed; just the rule for the record as a whole. */
export function issueText(schema: v.GenericSchema, issue: v.BaseIssue<unknown>): string {
  const path = issue.path?.map((p) => p.key) ?? [];
  if (path.length === 0) return issue.message;
  // A missing field is reported by its object; say what the field itself allows.
  const message = issue.received === "undefined" ? fieldRule(schema, path) ?? issue.message : issue.message;
  if (issue.input === undefined) return `${path.join(".")} is missing (expected ${message.replace(/^is not /, "")})`;
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

/** Returns `value` as read, typed, if the schema holds; else throws `code`: `<where>: <field> <value> <rule>`. */
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

/** Parses a result file's JSON; else throws `code`: `<where> is damaged (<reason>): <remedy>`. */
export function parseJsonText(text: string, where: string, code: ErrorCode, remedy: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new MbiError(code, `${where} is damaged (${(e as Error).message}): ${remedy}`);
  }
}
