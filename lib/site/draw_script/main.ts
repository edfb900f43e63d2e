/**
 * The landing page's draw (browser, inlined): reads the form, hashes the seed (Web Crypto SHA-256), shows view.ts's.
 *
 * @module
 */

import { type DrawData, drawView, readInput } from "./view.ts";

const $ = (id: string) => document.getElementById(id)!;
const data = JSON.parse($("draw-data").textContent ?? "{}") as DrawData;
const form = $("draw") as HTMLFormElement;
const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const out = $("draw-out");
  const input = readInput(data, {
    seed: field("seed"),
    minMbi: field("min"),
    maxEdge: field("edge"),
    exclude: field("exclude"),
  });
  if (typeof input === "string") {
    out.innerHTML = "";
    const p = document.createElement("p");
    p.setAttribute("role", "alert");
    p.textContent = input;
    out.append(p);
    return;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(input.seed)));
  out.innerHTML = String(drawView(data, input, digest).html);
  $("draw-copy")?.addEventListener("click", async (e) => {
    const fen = (e.currentTarget as HTMLElement).dataset.fen ?? "";
    try {
      await navigator.clipboard.writeText(fen);
      $("draw-copied").textContent = "copied";
    } catch {
      $("draw-copied").textContent = "select the FEN above to copy it";
    }
  });
});
