/**
 * The statistical words of the pages, each said once in readers' words: the landing page shows rho, intervals and
 * reliability, each dataset page all of them, after the first self-play figures it shows.
 *
 * @module
 */

/** One sentence for each word, in the order a reader meets them. */
export const GLOSSARY = {
  rho: "Spearman and rho are rank correlations: 1 when two orders are the same, 0 when they are unrelated.",
  interval: "Intervals in brackets are 95% bootstrap intervals.",
  bca: "Beside the percentile interval, BCa is a bias-corrected one from the same resamples.",
  reliability:
    "Reliability R is the share of the spread of the positions' scores that is not the luck of their games (1 = no luck).",
  ceiling: "The ceiling √R is the largest correlation those scores can show, however right the values.",
  power:
    "Power is the chance that the interval lies above 0 when the true correlation is the published 0.76, seen through the games' luck.",
  fisher:
    "Standard errors (Fisher z) say how far an observed correlation lies from an expected one, for that many positions.",
} as const;

/** The glossary's sentences for these words, as one paragraph's text. */
export const glossaryText = (words: readonly (keyof typeof GLOSSARY)[]): string =>
  words.map((w) => GLOSSARY[w]).join(" ");
