/**
 * `deno task bench-outcomes [--games N] [--dir DIR] [--json]`: speed and memory of the PGN ingest.
 * Generates (once) a Lichess-layout PGN of N games (default 1,000,000) and one of N/10 games in DIR
 * (default /tmp/mbi-bench-outcomes), a zstd copy of the large one, then ingests each in a fresh
 * process: games per wall second and per CPU second, MB/s and peak resident memory (VmHWM). Memory is flat in the file size when the
 * small and the large file peak alike. Figures for notes; no assertions.
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

if (import.meta.main) {
  await runCommand(COMMAND, async ({ values }) => {
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
    for (const r of runs) {
      console.log(
        `${r.file.padEnd(30)} ${int(r.bytes / 1e6).padStart(8)} ${int(r.games).padStart(10)} ${
          r.seconds.toFixed(1).padStart(7)
        } ${int(r.games_per_s).padStart(9)} ${int(r.text_bytes / 1e6 / r.seconds).padStart(10)} ${
          r.cpu_seconds.toFixed(1).padStart(7)
        } ${int(r.games_per_cpu_s).padStart(12)} ${r.peak_rss_mb.toFixed(0).padStart(12)}`,
      );
    }
    console.log(`load average before the runs: ${load}`);
    return 0;
  });
}
