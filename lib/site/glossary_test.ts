import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { escapeHtml, repoPath } from "../core/mod.ts";
import { GLOSSARY, glossaryText } from "./glossary.ts";

Deno.test("the glossary: the words asked for, in that order, one sentence each", () => {
  assertEquals(glossaryText(["rho", "ceiling"]), `${GLOSSARY.rho} ${GLOSSARY.ceiling}`);
  assertEquals(glossaryText([]), "");
});

Deno.test("the committed pages say each word once: the landing its six, each dataset page all of them", () => {
  const count = (page: string, text: string) =>
    Deno.readTextFileSync(repoPath("results", page)).split(escapeHtml(text)).length - 1;
  for (const w of ["sp", "cp", "nodes", "rho", "interval", "reliability"] as const) {
    assertEquals(count("index.html", GLOSSARY[w]), 1, w);
  }
  for (const w of Object.keys(GLOSSARY) as (keyof typeof GLOSSARY)[]) {
    for (const page of ["quick~eval8000000/site/index.html", "quick/site/index.html"]) {
      assertEquals(count(page, GLOSSARY[w]), 1, `${page}: ${w}`);
    }
  }
});
