/**
 * Minimal .ipynb (nbformat 4) reading and writing for the Deno kernel.
 *
 * @module
 */

/** A cell as written in a notebook file. */
export interface Cell {
  /** Cell type. */
  cell_type: "code" | "markdown";
  /** Source lines. */
  source: string | string[];
  /** Outputs of a code cell. */
  outputs?: Output[];
  /** Cell metadata. */
  metadata: Record<string, unknown>;
  /** Execution count of a code cell. */
  execution_count?: number | null;
}

/** One output of a code cell. */
export interface Output {
  /** stream, display_data, execute_result or error. */
  output_type: string;
  /** Text of a stream output. */
  text?: string | string[];
  /** MIME bundle of a display or result. */
  data?: Record<string, unknown>;
  /** Error name. */
  ename?: string;
}

/** A notebook file. */
export interface Notebook {
  /** Cells in order. */
  cells: Cell[];
  /** Notebook metadata. */
  metadata: Record<string, unknown>;
  /** Major format version (4). */
  nbformat: number;
  /** Minor format version. */
  nbformat_minor: number;
}

/** Builds a Deno-kernel notebook from cell sources. */
export function makeNotebook(
  cells: { code?: string; markdown?: string }[],
): Notebook {
  return {
    cells: cells.map((c) =>
      c.code !== undefined
        ? {
          cell_type: "code",
          source: c.code,
          metadata: {},
          outputs: [],
          execution_count: null,
        }
        : { cell_type: "markdown", source: c.markdown ?? "", metadata: {} }
    ),
    metadata: {
      kernelspec: {
        display_name: "Deno",
        language: "typescript",
        name: "deno",
      },
      language_info: { name: "typescript", file_extension: ".ts" },
    },
    nbformat: 4,
    nbformat_minor: 5,
  };
}

/** The text of all outputs of a cell (streams, plain text and HTML of displays). */
export function outputText(cell: Cell): string {
  return (cell.outputs ?? []).map((o) => {
    const join = (t: unknown) => Array.isArray(t) ? t.join("") : String(t ?? "");
    if (o.output_type === "stream") return join(o.text);
    return join(o.data?.["text/plain"]) + join(o.data?.["text/html"]);
  }).join("\n");
}
