import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { join } from "node:path";
import { scriptText } from "../core/mod.ts";
import { BOARD_CREDITS, BOARD_GLOBAL, POSITION_EVENT } from "./board_config.ts";
import { removeDeadBundles, siteBundles } from "./bundle.ts";

Deno.test("one deno bundle run makes the page script and the board code: classic scripts sharing the board's global", async () => {
  const { page, board } = await siteBundles();
  for (const [name, js] of [["page", page], ["board", board]]) {
    ok(!/^\s*(import|export)\s/m.test(js), `${name}: a classic script has no import or export`);
    ok(js.includes(`"${BOARD_GLOBAL}"`), `${name}: the board's global`);
  }
  ok(page.includes(`"${POSITION_EVENT}"`) && page.includes("mbi-table-ready"), "the page script wires table and board");
  ok(board.startsWith(`/*! MBI board code. ${BOARD_CREDITS} */`), "the board code credits its libraries");
  ok(page.length < 30_000, `the page script is small: ${page.length} bytes`);
  ok(!/<\/script/i.test(String(scriptText(page))), "inlined, the page script cannot end its element");
  ok(await siteBundles() === (await siteBundles()), "bundled once per process");
});

Deno.test("bundle folders a killed run left are removed by the next; a live run's and other folders are not", async () => {
  const tmp = await Deno.makeTempDir({ prefix: "mbi-bundle-test-" });
  const dead = join(tmp, "mbi-bundle-999999999-x1");
  const live = join(tmp, `mbi-bundle-${Deno.pid}-x2`);
  const other = join(tmp, "mbi-bundle-notapid");
  for (const d of [dead, live, other]) await Deno.mkdir(d);
  await removeDeadBundles(tmp);
  const left = [...Deno.readDirSync(tmp)].map((e) => e.name).sort();
  assertEquals(left, [`mbi-bundle-${Deno.pid}-x2`, "mbi-bundle-notapid"]);
  await Deno.remove(tmp, { recursive: true });
});
