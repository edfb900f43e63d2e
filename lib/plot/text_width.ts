/**
 * Estimated widths of the figures' text. SVG has no text wrapping and linkedom
 * (the DOM the figures are drawn in, outside any browser) has no text metrics,
 * so a line's width is estimated per character from the advance widths of
 * DejaVu Sans — what the theme's `system-ui, …, sans-serif` resolves to on
 * these machines, and wider than Helvetica, Arial or Segoe UI — so that a line
 * estimated to fit fits in each of them. No library here measures text without
 * a canvas; the table is short enough to keep by hand.
 *
 * @module
 */

/** Advance widths in em of DejaVu Sans Book, by character (rounded to 3 decimals). */
const EM: Record<string, number> = {
  " ": 0.318,
  "!": 0.4,
  '"': 0.46,
  "#": 0.838,
  "$": 0.636,
  "%": 0.95,
  "&": 0.78,
  "'": 0.275,
  "(": 0.39,
  ")": 0.39,
  "*": 0.5,
  "+": 0.838,
  ",": 0.318,
  "-": 0.361,
  ".": 0.318,
  "/": 0.337,
  ":": 0.337,
  ";": 0.337,
  "<": 0.838,
  "=": 0.838,
  ">": 0.838,
  "?": 0.531,
  "@": 1,
  "[": 0.39,
  "\\": 0.337,
  "]": 0.39,
  "^": 0.838,
  "_": 0.5,
  "`": 0.5,
  "{": 0.636,
  "|": 0.337,
  "}": 0.636,
  "~": 0.838,
  "·": 0.318,
  "×": 0.838,
  "−": 0.838,
  "…": 1,
  "→": 0.838,
  "↑": 0.838,
  "√": 0.636,
  "–": 0.5,
  "—": 1,
  "±": 0.838,
  "≥": 0.838,
  "≤": 0.838,
  "Δ": 0.684,
  "ρ": 0.636,
  A: 0.684,
  B: 0.686,
  C: 0.698,
  D: 0.77,
  E: 0.632,
  F: 0.575,
  G: 0.775,
  H: 0.752,
  I: 0.295,
  J: 0.295,
  K: 0.656,
  L: 0.557,
  M: 0.863,
  N: 0.748,
  O: 0.787,
  P: 0.603,
  Q: 0.787,
  R: 0.695,
  S: 0.635,
  T: 0.611,
  U: 0.732,
  V: 0.684,
  W: 0.989,
  X: 0.685,
  Y: 0.611,
  Z: 0.685,
  a: 0.613,
  b: 0.635,
  c: 0.55,
  d: 0.635,
  e: 0.615,
  f: 0.352,
  g: 0.635,
  h: 0.634,
  i: 0.278,
  j: 0.278,
  k: 0.579,
  l: 0.278,
  m: 0.974,
  n: 0.634,
  o: 0.612,
  p: 0.635,
  q: 0.635,
  r: 0.411,
  s: 0.521,
  t: 0.392,
  u: 0.634,
  v: 0.592,
  w: 0.818,
  x: 0.592,
  y: 0.592,
  z: 0.525,
};

/** Digits are all 0.636 em; a character not in the table counts as a wide letter. */
const DIGIT_EM = 0.636, OTHER_EM = 0.8;

/** How much wider the bold face runs than the regular one (DejaVu Sans Bold against Book). */
const BOLD = 1.12;

/** The estimated width in px of `text` at `size` px, regular or bold. */
export function textWidth(text: string, size: number, bold = false): number {
  let em = 0;
  for (const c of text) em += EM[c] ?? (c >= "0" && c <= "9" ? DIGIT_EM : OTHER_EM);
  return em * size * (bold ? BOLD : 1);
}
