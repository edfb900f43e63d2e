/**
 * The options an engine declares in its `option name … type …` lines, read
 * into name, type, default and range.
 *
 * @module
 */

/** An option the engine declared in its `option name …` lines. */
export interface OptionDeclaration {
  /** Option name as declared (case preserved). */
  name: string;
  /** UCI option type: check, spin, combo, button, string. */
  type: string;
  /** Declared default, when any. */
  default?: string;
  /** Lower bound of a spin option. */
  min?: number;
  /** Upper bound of a spin option. */
  max?: number;
}

/** Parses an `option name … type … [default …] [min …] [max …]` line. */
export function parseOptionLine(line: string): OptionDeclaration | undefined {
  const m = /^option name (.+?) type (\S+)(.*)$/.exec(line.trim());
  if (!m) return undefined;
  const decl: OptionDeclaration = { name: m[1], type: m[2] };
  const rest = m[3];
  const def = /\bdefault ?(.*?)(?: min | max | var |$)/.exec(rest);
  if (def) decl.default = def[1];
  const min = /\bmin (-?\d+)/.exec(rest);
  if (min) decl.min = Number(min[1]);
  const max = /\bmax (-?\d+)/.exec(rest);
  if (max) decl.max = Number(max[1]);
  return decl;
}
