/**
 * `deno task book`: an opening file of the balanced start positions of an index for engine-match runners (fastchess,
 * cutechess-cli), in a stated order, its header naming the index, the condition and the count.
 *
 * @module
 */

import { bookEpd, bookHeader, bookPgn, bookPositions, drawDataset } from "../analysis/mod.ts";
import { command, runCommand, text } from "./command.ts";
import { OUT_FILE, selection, SELECTION_OPTIONS } from "./options.ts";

/** The declaration of `deno task book`. */
export const COMMAND = command({
  name: "book",
  description: "an opening file (EPD or PGN) of the balanced start positions of an index, for engine matches",
  details: [
    "EPD: one position per line, id and c0 name it, c1 on the first line is the header (EPD's comment operations; fastchess reads every non-empty line as a position, so there is no comment line)",
    "PGN: one game per position without moves; its Event tag is the header",
  ],
  options: {
    ...SELECTION_OPTIONS,
    format: text("FORMAT", "epd or pgn", { choices: ["epd", "pgn"] as const, default: "epd" }),
    castling: text("KIND", "castling in the FENs: shredder (the rooks' files, HAha) or xfen (KQkq)", {
      choices: ["shredder", "xfen"] as const,
      default: "shredder",
    }),
    order: text("ORDER", "sp (SP ascending) or mbi (most balanced first)", { choices: ["sp", "mbi"], default: "sp" }),
    out: { ...OUT_FILE, help: "write the book to this file instead of standard output" },
  },
});

await runCommand(import.meta, COMMAND, async ({ values }) => {
  const { condition, exclude } = selection(values);
  const dataset = await drawDataset(values.profile);
  const order = values.order as "sp" | "mbi", castling = values.castling as "shredder" | "xfen";
  const positions = bookPositions(dataset, condition, exclude, order);
  const header = bookHeader(dataset, condition, positions.length, order);
  const book = (values.format === "pgn" ? bookPgn : bookEpd)(positions, castling, header);
  if (values.out) {
    await Deno.writeTextFile(values.out, book);
    console.error(`${header}; written: ${values.out}`);
  } else {
    await Deno.stdout.write(new TextEncoder().encode(book));
  }
});
