/**
 * `deno task bench-outcomes`: speed and memory of the PGN ingest, each file ingested in a fresh process (games per wall
 * and CPU second, MB/s, peak resident memory VmHWM). Figures for notes; no assertions.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { type BenchRun, ensureBenchPgn, ensureZstd, measureIngest } from "../outcomes/mod.ts";
import { command, runCommand, text, whole } from "./command.ts";
import { JSON_OUTPUT } from "./options.ts";

/** The declaration of `deno task bench-outcomes`. */
export const COMMAND = command({
  name: "bench-outcomes",
  description: "speed and peak memory of the PGN ingest on generated Lichess-layout files (figures, no assertions)",
  details: [
    "generates (once) a PGN of N games and one of N/10 games, and a zstd copy of the large one, then ingests each",
    "in a fresh process; memory is flat in the file size when the small and the large file peak alike",
  ],
  options: {
    games: whole("N", "games in the large file", { default: 1_000_000, min: 10 }),
    dir: text("DIR", "where the generated files are kept", { default: "/tmp/mbi-bench-outcomes" }),
    json: { ...JSON_OUTPUT, help: "print the runs as JSON" },
    child: text("FILE", "internal: measure the ingest of FILE in this process (the command runs itself so)"),
  },
});

const int = (n: number) => Math.round(n).toLocaleString("en-US");

async function inChild(file: string): Promise<BenchRun> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", fileURLToPath(import.meta.url), "--child", file],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!out.success) throw new Error(`the measuring process failed on ${file}`);
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

await runCommand(import.meta, COMMAND, async ({ values }) => {
  if (values.child) {
    console.log(JSON.stringify(await measureIngest(values.child)));
    return 0;
  }
  const { games, dir } = values;
  const log = (l: string) => console.error(l);
  const load = await Deno.readTextFile("/proc/loadavg").then((t) => t.split(" ").slice(0, 3).join(" "), () => "?");
  log(`load average before the runs: ${load} (other work on the machine slows the figures)`);
  const large = await ensureBenchPgn(dir, games, log);
  const small = await ensureBenchPgn(dir, Math.floor(games / 10), log);
  const zst = await ensureZstd(large, log);
  const runs: BenchRun[] = [];
  for (const f of [small, large, zst]) {
    log(`ingesting ${f} ...`);
    runs.push(await inChild(f));
  }
  if (values.json) {
    console.log(JSON.stringify({ load_average: load, runs }, null, 1));
    return 0;
  }
  console.log(
    "file                            size MB      games  wall s   games/s  text MB/s   CPU s  games/CPU-s  peak RSS MB",
  );
  const widths = [8, 10, 7, 9, 10, 7, 12, 12];
  for (const r of runs) {
    const cells = [int(r.bytes / 1e6), int(r.games), r.seconds.toFixed(1), int(r.games_per_s)];
    cells.push(int(r.text_bytes / 1e6 / r.seconds), r.cpu_seconds.toFixed(1), int(r.games_per_cpu_s));
    cells.push(r.peak_rss_mb.toFixed(0));
    console.log([r.file.padEnd(30), ...cells.map((c, i) => c.padStart(widths[i]))].join(" "));
  }
  console.log(`load average before the runs: ${load}`);
});
