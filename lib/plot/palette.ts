/**
 * The colours of everything the project draws or shows, by role, declared
 * once: the figures (`theme.ts`), the pages' styles (`lib/site/style.ts`, as
 * CSS custom properties), the board and ladder figure in the page, and the
 * notebook views. Imports nothing, so the page's bundled browser code takes
 * its colours from here too.
 *
 * @module
 */

/** Colours by role. */
export const PALETTE = {
  /** Body text. */
  text: "#1a1a1a",
  /** Secondary text: captions, notes, axis labels of the page. */
  muted: "#4a4a4a",
  /** Small grey notes of the notebook views (sources, assumptions, shapes). */
  note: "#666666",
  /** Text of a figure's caption. */
  caption: "#444444",
  /** A figure's title and the strongest text of a drawing. */
  strong: "#111111",
  /** Links and the current move. */
  link: "#0b57d0",
  /** Rules between rows and sections. */
  line: "#d0d0d0",
  /** Grid lines of a small figure. */
  grid: "#e2e2e2",
  /** The page's background. */
  background: "#ffffff",
  /** Alternate rows, code blocks, buttons. */
  alternate: "#f5f5f5",
  /** Borders of form fields. */
  field: "#767676",
  /** Light squares of a board. */
  lightSquare: "#f0d9b5",
  /** Dark squares of a board. */
  darkSquare: "#b58863",
  /** The frame of a drawn back rank. */
  boardEdge: "#8b6b4a",
  /** Data marks. */
  main: "#3a6ea5",
  /** Values below zero, warnings, the zero line of the page's histogram. */
  negative: "#b00020",
  /** Reference lines (zero, 0.5, the diagonal), table rules and borders of the notebook views. */
  reference: "#888888",
  /** A second series, intervals of this profile, this dataset; the "not the method's results" banner's edge. */
  accent: "#e07b00",
  /** The method's published figures; the "the method's budgets" banner's edge. */
  published: "#2a9d8f",
  /** Interval bars. */
  interval: "#9ab3c9",
  /** Background of the page's "not the method's results" banner and of marked moves. */
  warning: "#fff4ce",
  /** Its border. */
  warningEdge: "#8a6d00",
  /** Its text. */
  warningText: "#3d2f00",
  /** Background of a notebook's "not the method's results" banner. */
  accentTint: "#fff4e5",
  /** Background of a notebook's "the method's budgets" banner. */
  publishedTint: "#eef8f6",
} as const;
