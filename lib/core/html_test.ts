import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { escapeHtml, Html, joinHtml, jsonInScript, markup, raw, scriptText } from "./html.ts";

Deno.test("escapeHtml escapes & < > \" ' and writes any value as its String()", () => {
  assertEquals(
    escapeHtml(`<a href="x">Tom & Jerry's</a>`),
    "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
  );
  assertEquals(escapeHtml(42), "42");
  assertEquals(escapeHtml(null), "null");
  assertEquals(escapeHtml("&amp;"), "&amp;amp;", "text is text: an entity in it is escaped again");
});

Deno.test("markup escapes every interpolation; a nested template or raw() is not escaped again", () => {
  const name = `<b>"O'Neil" & co</b>`;
  const inner = markup`<em>${name}</em>`;
  ok(inner instanceof Html);
  assertEquals(String(inner), "<em>&lt;b&gt;&quot;O&#39;Neil&quot; &amp; co&lt;/b&gt;</em>");
  assertEquals(String(markup`<p>${inner}</p>`), `<p>${inner}</p>`);
  assertEquals(String(markup`<p title="${name}">${raw("<br>")}</p>`), `<p title="${escapeHtml(name)}"><br></p>`);
});

Deno.test("markup joins arrays with nothing between, each element escaped unless it is markup", () => {
  const items = ["a<b", markup`<li>${"c&d"}</li>`, ["nested", raw("<hr>")]];
  assertEquals(String(markup`<ul>${items}</ul>`), "<ul>a&lt;b<li>c&amp;d</li>nested<hr></ul>");
  assertEquals(String(joinHtml(["x<", markup`<i>y</i>`], ", ")), "x&lt;, <i>y</i>");
  assertEquals(String(joinHtml([1, 2, 3], raw("<br>"))), "1<br>2<br>3");
});

Deno.test("markup: numbers as String(n); null, undefined and booleans write nothing", () => {
  assertEquals(String(markup`${0}|${-1.5}|${NaN}|${10n}`), "0|-1.5|NaN|10");
  assertEquals(String(markup`[${null}][${undefined}][${false}][${true}]`), "[][][][]");
  const shown = false;
  assertEquals(String(markup`<p>${shown && markup`<b>never</b>`}</p>`), "<p></p>");
  assertEquals(`${markup`<i>${"x"}</i>`}`, "<i>x</i>", "a template literal writes the markup");
});

Deno.test("jsonInScript and scriptText cannot end their <script> element early", () => {
  const data = { text: "</script><script>alert(1)</script>" };
  const json = String(jsonInScript(data));
  ok(!json.includes("</script"), json);
  assertEquals(JSON.parse(json), data);
  const js = `const a = "</SCRIPT>"; const b = /<!--/; const c = \`</script\`;`;
  const out = String(scriptText(js));
  ok(!/<\/script|<!--/i.test(out), out);
  // the same program: every string and pattern says the same as before
  const run = (src: string) => new Function(`${src}; return [a, b.source, c];`)();
  assertEquals(run(out)[0], run(js)[0]);
  assertEquals(new RegExp(run(out)[1]).test("<!--"), true);
  assertEquals(run(out)[2], run(js)[2]);
});
