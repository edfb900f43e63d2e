/**
 * The colours of everything the project draws or shows, by role, declared once: the figures (`theme.ts`), the
 * pages' styles (`lib/site/style.ts`, as CSS custom properties), the board and ladder figure in the page, and the
 * notebook views. Imports nothing, so the page's bundled browser code takes its colours from here too.
 *
 * @module
 */

/** Colours by role. */
export const PALETTE = {
  text: "#1a1a1a", // Body text
  muted: "#4a4a4a", // Secondary text: captions, notes, axis labels of the page
  note: "#666666", // Small grey notes of the notebook views (sources, assumptions, shapes)
  caption: "#444444", // Text of a figure's caption
  strong: "#111111", // A figure's title and the strongest text of a drawing
  link: "#0b57d0", // Links and the current move
  line: "#d0d0d0", // Rules between rows and sections
  grid: "#e2e2e2", // Grid lines of a small figure
  background: "#ffffff", // The page's background
  alternate: "#f5f5f5", // Code blocks and buttons
  stripe: "rgba(0, 0, 0, 0.04)", // Alternate rows of a page's table: #f5f5f5 on white, see-through for the scroll cue
  scrollShadow: "rgba(0, 0, 0, 0.22)", // The shadow at the side of a wide table where more of it lies
  field: "#767676", // Borders of form fields
  lightSquare: "#f0d9b5", // Light squares of a board
  darkSquare: "#b58863", // Dark squares of a board
  boardEdge: "#8b6b4a", // The frame of a drawn back rank
  main: "#3a6ea5", // Data marks
  negative: "#b00020", // Values below zero, warnings, the zero line of the page's histogram
  reference: "#888888", // Reference lines (zero, 0.5, the diagonal), table rules, borders of the notebook views
  accent: "#e07b00", // A second series, this profile's intervals, this dataset; the "not the method's" banner's edge
  published: "#2a9d8f", // The method's published figures; the "the method's budgets" banner's edge
  interval: "#9ab3c9", // Interval bars
  warning: "#fff4ce", // Background of the page's "not the method's results" banner and of marked moves
  warningEdge: "#8a6d00", // Its border
  warningText: "#3d2f00", // Its text
  accentTint: "#fff4e5", // Background of a notebook's "not the method's results" banner
  publishedTint: "#eef8f6", // Background of a notebook's "the method's budgets" banner
} as const;
