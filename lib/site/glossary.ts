/**
 * The chess and statistical words of the pages, each said once in readers' words: the landing page shows SP, cp and
 * nodes under its lists, rho, intervals and reliability after "How sure"; each dataset page the statistical ones, after
 * the first self-play figures it shows.
 *
 * @module
 */

/** One sentence for each word, in the order a reader meets them. */
export const GLOSSARY = {
  sp: "SP is a start position's number in the usual Chess960 numbering, 0 to 959 (SP 518 is the standard setup).",
  cp: "cp are centipawns, hundredths of a pawn: +30 cp is White ahead by about a third of a pawn.",
  nodes: "Nodes are the positions the engine looks at; the budget is how many it may look at per start position.",
  rank:
    "The edge is the value's distance from 0; rank 1 is the smallest edge, and tied positions share the average of their ranks.",
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
