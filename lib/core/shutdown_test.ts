import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { launchers, onShutdown, procInfo, runCleanups } from "./shutdown.ts";

Deno.test("procInfo reads this process and its parent; a PID that is gone reads as undefined", () => {
  const me = procInfo(Deno.pid);
  if (!me) return; // no /proc on this system: nothing to read
  assertEquals(me.ppid, Deno.ppid);
  assertEquals(me.comm, "deno");
  assertEquals(procInfo(2 ** 22 + 11), undefined);
});

Deno.test("the launcher chain holds only deno, node and npm processes (and a shell between them)", () => {
  for (const p of launchers()) ok(/^(deno|node|npx|npm.*|sh|dash|bash)$/.test(p.comm), p.comm);
});

Deno.test("cleanups run once, in order, and can be unregistered", async () => {
  const ran: string[] = [];
  onShutdown(() => void ran.push("a"));
  const off = onShutdown(() => void ran.push("b"));
  onShutdown(() => void ran.push("c"));
  off();
  await runCleanups();
  await runCleanups();
  assertEquals(ran, ["a", "c"]);
});
