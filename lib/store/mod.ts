/**
 * **store** — result files as data products: the results key and folder layout, append-only JSONL with torn-line
 * repair, atomic and guarded writes (no symbolic link followed, nothing outside the results root), locks, provenance,
 * shards and their merge, and the typed files of the stages (evaluation datasets, MBI tables, outcome tables), each
 * record declared once as a schema (core/records.ts).
 *
 * May import: core, engine, method.
 *
 * @module
 */

export * from "./datasets.ts";
export * from "./eval_dataset.ts";
export * from "./jsonl.ts";
export * from "./lock.ts";
export * from "./mbi_table.ts";
export * from "./outcome_table.ts";
export * from "./outcome_csv.ts";
export * from "./provenance.ts";
export * from "./results_key.ts";
export * from "./shards.ts";
export * from "./write_guard.ts";
export * from "./run_order.ts";
export * from "./peer.ts";
export * from "./draw_log.ts";
export * from "./snapshot.ts";
