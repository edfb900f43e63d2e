/**
 * The links every dataset page carries: back to the landing page of the
 * results (`results/index.html`) and to the best index's page, as relative
 * hrefs from the page's folder (they work from file:// and any static host).
 *
 * @module
 */

import { join, relative } from "node:path";
import { type Html, markup } from "../core/mod.ts";
import { type Profile } from "../method/mod.ts";
import { publishedPaths, resultsRoot } from "../store/mod.ts";

/** The landing page's file name under the results root. */
export const LANDING_PAGE = "index.html";

/** Where a page links to. */
export interface PageLinks {
  /** The landing page, relative to the page. */
  landing: string;
  /** The best index's page (its results key and href), or null when there is no best index. */
  best: { key: string; href: string; budget: string; self: boolean } | null;
}

/** A path relative to a site folder, with forward slashes. */
const from = (siteDir: string, target: string) => relative(siteDir, target).split("\\").join("/");

/** The links of a profile's page, given the best index (from `bestReferenceProfile`). */
export function pageLinks(profile: Profile, best: { profile: Profile; nodes: number } | undefined): PageLinks {
  const site = publishedPaths(profile).site;
  return {
    landing: from(site, join(resultsRoot(), LANDING_PAGE)),
    best: best
      ? {
        key: best.profile.name,
        href: from(site, join(publishedPaths(best.profile).site, "index.html")),
        budget: `${best.nodes.toLocaleString("en-US")} nodes per position`,
        self: best.profile.name === profile.name,
      }
      : null,
  };
}

/** The link back to the landing page, first in the page's navigation. */
export function landingLinkHtml(l: PageLinks): Html {
  return markup`<a id="landing-link" href="${l.landing}">← All results</a>`;
}

/** Where the page stands among the datasets: the best index here, or a link to it (for the header's line). */
export function bestIndexHtml(l: PageLinks): Html {
  return l.best
    ? l.best.self
      ? markup`<span id="links"><strong>the best index here</strong></span>`
      : markup`<span id="links">the best index: <a id="best-link" href="${l.best.href}">Stockfish 17.1 · ${l.best.budget}</a></span>`
    : markup``;
}
