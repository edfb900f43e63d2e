/**
 * `deno task mbi`: one position's MBI with its range, rank, eval, depth and PV, from the best complete dataset of the
 * reference engine (or the profile's), and its value at the method's budget as far as that run has gone (never an MBI).
 *
 * @module
 */

import { bestReferenceProfile, loadIndex, methodRunValue, requireCurrent } from "../analysis/mod.ts";
import { evalFilePath, profileDir, readEvalDataset } from "../store/mod.ts";
import { command, runCommand, UsageError } from "./command.ts";
import { ENGINE, JSON_OUTPUT, POSITION_WORDS, positionWords, PROFILE, resultsProfile } from "./options.ts";
import { evalBudgetText } from "../method/mod.ts";
import { loadRegistry, type SearchLimit } from "../engine/mod.ts";
import { int, num, signed } from "../core/mod.ts";

/** The declaration of `deno task mbi`. */
export const COMMAND = command({
  name: "mbi",
  description:
    "one position's MBI with its range, rank, eval and PV from the best complete index (or --profile), and its value at the method's budget once searched",
  positionals: POSITION_WORDS,
  options: {
    profile: { ...PROFILE, defaultText: "the largest complete budget of the reference engine" },
    engine: ENGINE,
    json: JSON_OUTPUT,
  },
});

await runCommand(import.meta, COMMAND, async ({ values, positionals }) => {
  const position = positionWords(positionals);
  // Without --profile/--engine: the best index here (the largest complete budget of the reference engine).
  const best = values.profile === undefined && values.engine === undefined ? await bestReferenceProfile() : undefined;
  const profile = best?.profile ?? resultsProfile(values);
  await requireCurrent(profile, { later: false }); // the answer comes from current files or not at all
  const table = await loadIndex(profile);
  const row = table.rows.find((r) => r.sp === position.sp);
  if (!row) throw new UsageError(`SP ${position.sp} is not in profile ${profile.name}'s table`);
  const dataset = await readEvalDataset(evalFilePath(profileDir(profile)));
  const rec = dataset?.records.find((r) => r.sp === position.sp);
  const engine = dataset?.header.engine;
  // The method's own run, as far as it has gone (shown beside an index of the reference engine only).
  const method = engine?.fingerprint === loadRegistry().reference_fingerprint
    ? await methodRunValue(position.sp)
    : undefined;
  const facts = {
    profile: table.profile,
    budget: evalBudgetText(table.input.limit as SearchLimit),
    engine: engine?.uci_name ?? null,
    fingerprint: engine?.fingerprint ?? null,
    banner: table.banner,
    chosen: best ? "the largest complete budget of the reference engine (give --profile for another)" : "--profile",
  };
  if (values.json) {
    const { sp, setup, eval_cp, edge_cp, rank, mbi, mbi_lo, mbi_hi } = row;
    const m = method && {
      budget: method.budget,
      done: method.done,
      of: method.of,
      eval_cp: method.record?.eval_cp ?? null,
      depth: method.record?.depth ?? null,
      pv: method.record?.pv ?? null,
    };
    const at = { n: table.rows.length, depth: rec?.depth ?? null, pv: rec?.pv ?? null };
    console.log(
      JSON.stringify({ sp, setup, eval_cp, edge_cp, rank, mbi, mbi_lo, mbi_hi, ...at, ...facts, method: m ?? null }),
    );
    return;
  }
  const range = row.mbi_lo === null ? "" : ` (settling range ${row.mbi_lo}–${row.mbi_hi})`;
  const fingerprint = facts.fingerprint && `fingerprint ${int(facts.fingerprint)}`;
  console.log(`SP ${row.sp} ${row.setup}: MBI ${row.mbi}${range}, rank ${row.rank} of ${table.rows.length} by edge`);
  const searched = `depth ${rec?.depth ?? "?"}; pv ${rec?.pv.join(" ") ?? "?"}`;
  console.log(`eval ${signed(row.eval_cp)} cp (White's view), edge ${row.edge_cp} cp; ${searched}`);
  console.log(
    `dataset ${table.profile}: ${facts.engine ?? "engine unknown"}${fingerprint ? `, ${fingerprint}` : ""}, ` +
      `${facts.budget}; chosen as ${facts.chosen}`,
  );
  if (method) {
    const of = `${int(method.done)} of ${int(method.of)} positions done`;
    const r = method.record;
    console.log(
      r
        ? `the method's budget (${method.budget}): eval ${
          r.eval_cp === null ? `mate in ${num(r.mate!)}` : `${signed(r.eval_cp)} cp`
        }, depth ${r.depth}; ` +
          `pv ${r.pv.join(" ")} (${of}: no MBI at this budget until all are)`
        : `the method's budget (${method.budget}): not searched yet (${of})`,
    );
  }
  if (table.banner) console.log(`note: ${table.banner}`);
  if (table.uncertainty) console.log(`settling range: ${table.uncertainty.definition}`);
  // the cite line carries what the note asks a citation to name: engine, fingerprint and budget
  const cited = [facts.engine, fingerprint].filter(Boolean).join(", ");
  console.log(`cite: ${table.citation} Dataset ${table.profile} (${cited}), ${facts.budget}.`);
});
