/**
 * **store** — result files as data products: the results key and folder
 * layout (`results_key.ts`), append-only JSONL with torn-line repair, read
 * through the records' schemas (`jsonl.ts`), atomic writes (`atomic.ts`), where a write may go and how
 * it creates and opens files (`write_guard.ts`: no symbolic link followed, nothing outside the results
 * root, exclusive temporary files), provenance (`provenance.ts`),
 * shards and their merge (`shards.ts`), and the typed files of the stages:
 * evaluation datasets (`eval_dataset.ts`, `eval_merge.ts`), MBI tables
 * (`mbi_table.ts`; the values they are derived from, `position_values.ts`)
 * and outcome tables (`outcome_table.ts`). Each record is declared once, as a
 * schema (see core/records.ts).
 *
 * May import: core, engine, method.
 *
 * @module
 */

export * from "./atomic.ts";
export * from "./datasets.ts";
export * from "./eval_dataset.ts";
export * from "./eval_merge.ts";
export * from "./jsonl.ts";
export * from "./lock.ts";
export * from "./mbi_table.ts";
export * from "./outcome_table.ts";
export * from "./outcome_csv.ts";
export * from "./position_values.ts";
export * from "./provenance.ts";
export * from "./results_key.ts";
export * from "./scan.ts";
export * from "./shards.ts";
export * from "./write_guard.ts";
export * from "./run_order.ts";
export * from "./markdown_table.ts";
export * from "./peer.ts";
export * from "./draw_log.ts";
