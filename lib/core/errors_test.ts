import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import {
  ERROR_CODES,
  type ErrorCode,
  errorKind,
  exitCodeOf,
  INPUT_ERROR_CODES,
  isMbiError,
  MbiError,
  UsageError,
} from "./errors.ts";

Deno.test("every error code is kebab-case and says in one line what it means", () => {
  for (const [code, meaning] of Object.entries(ERROR_CODES)) {
    ok(/^[a-z]+(-[a-z]+)*$/.test(code), code);
    ok(meaning.length > 10 && !meaning.includes("\n"), `${code}: ${meaning}`);
  }
  for (const code of INPUT_ERROR_CODES) ok(code in ERROR_CODES, code);
});

Deno.test("exit codes: 2 for input errors, 1 for other domain errors, missing files and refused writes, 70 for a bug", () => {
  assertEquals(exitCodeOf(new UsageError("--x: bad")), 2);
  for (const code of INPUT_ERROR_CODES) assertEquals(exitCodeOf(new MbiError(code, "bad")), 2, code);
  const domain = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => !INPUT_ERROR_CODES.has(c));
  for (const code of domain) assertEquals(exitCodeOf(new MbiError(code, "failed")), 1, code);
  assertEquals(exitCodeOf(new Deno.errors.NotFound("no such file")), 1);
  assertEquals(exitCodeOf(new Deno.errors.PermissionDenied("denied")), 1);
  // a write the machine refused, whichever write met it (Deno's errors carry the system's code and the path)
  const os = (code: string) => Object.assign(new Error(`${code} (os error): writefile '/r/x.tmp'`), { code });
  for (const code of ["ENOSPC", "EDQUOT", "EROFS", "EACCES", "EPERM"]) assertEquals(exitCodeOf(os(code)), 1, code);
  assertEquals(exitCodeOf(os("EIO")), 70);
  assertEquals(exitCodeOf(new TypeError("x is undefined")), 70);
  assertEquals(exitCodeOf("a string"), 70);
});

Deno.test("a kind of error: its fixed code, its class name, and isMbiError by code", () => {
  class TimeoutLike extends errorKind("engine-timeout") {}
  const e = new TimeoutLike("engine x: no answer", { cause: "slow" });
  ok(e instanceof MbiError && e instanceof TimeoutLike);
  assertEquals([e.code, e.name, e.message, e.cause], ["engine-timeout", "TimeoutLike", "engine x: no answer", "slow"]);
  ok(isMbiError(e) && isMbiError(e, "engine-crash", "engine-timeout"));
  ok(!isMbiError(e, "engine-crash") && !isMbiError(new Error("bug")));
  assertEquals([new UsageError("u").code, new UsageError("u").name], ["usage", "UsageError"]);
  assertEquals(new MbiError("dataset", "d").name, "MbiError");
});
