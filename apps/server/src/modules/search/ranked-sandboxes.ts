import { minimumSimilarity, type SearchField, searchRule } from "@boxyard/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { SUMMARY_COLUMNS, SUMMARY_JOINS, type SummaryRow, toSandboxSummary } from "./sandbox-summary.ts";

const min = (field: SearchField) => minimumSimilarity(searchRule(field).threshold);
const weight = (field: SearchField) => searchRule(field).weight;
const number = (value: number) => sql.raw(String(value));

/** Each field's similarity to `q`, of sandbox `s`. */
const SIMILARITY: Record<SearchField, (q: string) => SQL> = {
  title: (q) => sql`word_similarity(${q}, coalesce(s.title, ''))`,
  description: (q) => sql`word_similarity(${q}, coalesce(s.description, ''))`,
  alias: (q) => sql`word_similarity(${q}, coalesce(s.alias, ''))`,
  sourceTemplate: (q) => sql`similarity(${q}, coalesce(s.source_template, ''))`,
  id: (q) => sql`case when s.id = ${q} then 1 else 0 end`,
};

/**
 * The score of sandbox `s` for `q` (spec 1 §5) on `fields`: each field's weight times its
 * similarity, counted when it reaches the field's minimum. The similarities are computed once
 * each, in a lateral row `m`.
 */
function scored(q: string, fields: SearchField[]) {
  const columns = fields.map((field, i) => sql`${SIMILARITY[field](q)} as f${sql.raw(String(i))}`);
  const parts = fields.map((field, i) => {
    const similarity = sql.raw(`m.f${i}`);
    return sql`case when ${similarity} >= ${number(min(field))} then ${number(weight(field))} * ${similarity} else 0 end`;
  });
  return {
    from: sql`sandboxes s cross join lateral (select ${sql.join(columns, sql`, `)}) m`,
    score: sql.join(parts, sql` + `),
  };
}

type Hit = { id: string; score: number; updated: number };

/**
 * The fields searched in turn, strongest first, each found through its trigram index at its own
 * minimum (the operators read their thresholds from settings, set before each step). After a step,
 * a sandbox not found yet scores nothing on the fields searched so far: at most the weights of the
 * fields still to search. When the results already hold enough sandboxes scoring above that, the
 * rest of the search cannot change them and is skipped (a query whose words are in many titles
 * never reads the templates, which match by whole name and so loosely).
 */
const STEPS: { fields: SearchField[]; setting: SQL; branches: (q: string) => SQL[] }[] = [
  {
    fields: ["title"],
    setting: sql`set_config('pg_trgm.word_similarity_threshold', ${String(min("title"))}, true)`,
    branches: (q) => [sql`${q} <% s.title`],
  },
  {
    fields: ["description", "alias", "id"],
    setting: sql`set_config('pg_trgm.word_similarity_threshold', ${String(Math.min(min("description"), min("alias")))}, true)`,
    branches: (q) => [sql`${q} <% s.description`, sql`${q} <% s.alias`, sql`s.id = ${q}`],
  },
  {
    fields: ["sourceTemplate"],
    setting: sql`set_config('pg_trgm.similarity_threshold', ${String(min("sourceTemplate"))}, true)`,
    branches: (q) => [sql`s.source_template % ${q}`],
  },
];

/** Ranked first: the higher score, then the more recently updated, then the id. */
const ranking = (a: Hit, b: Hit) => b.score - a.score || b.updated - a.updated || (a.id < b.id ? -1 : 1);

/**
 * The ranked sandbox search shared by the dashboard and the community search (spec 1 §5): the
 * sandboxes `visible` (a condition on `s`) that score above nothing, best first, `limit` of them
 * after `offset`. Each field is its own branch of a union, so that the planner combines the
 * trigram indexes rather than scanning the table; sandboxes already scored are left out of later
 * steps. Runs in the caller's transaction (the thresholds are set for it only).
 */
export async function rankedSandboxes(tx: Tx, q: string, visible: SQL, limit: number, offset = 0) {
  const wanted = offset + limit;
  const hits: Hit[] = [];
  const seen = new Set<string>();
  // The planner costs a trigram match like any comparison: for a query that a tenth of the
  // sandboxes match, it reads the whole table and computes the similarity of every sandbox rather
  // than of those the index finds (10,000 descriptions of 100,000: 890 ms against 250 ms on PGlite).
  await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
  for (const [index, step] of STEPS.entries()) {
    // The fields a sandbox found from this step on can score on: this step's and the next ones'.
    const open = STEPS.slice(index).flatMap((later) => later.fields);
    const bound = open.reduce((sum, field) => sum + weight(field), 0);
    hits.sort(ranking);
    // Strictly above: a later sandbox with an equal score could be the more recently updated.
    if (hits.length >= wanted && hits[wanted - 1]!.score > bound + 1e-9) break;
    const { from, score } = scored(q, open);
    await tx.execute(sql`select ${step.setting}`);
    const known = seen.size
      ? sql`and s.id not in (select jsonb_array_elements_text(${JSON.stringify([...seen])}::jsonb))`
      : sql``;
    const branches = step.branches(q).map(
      (branch) => sql`select s.id, ${score} as score,
          (extract(epoch from s.updated_at) * 1000000)::bigint as updated
        from ${from}
        where ${branch} and s.removed_at is null and ${visible} ${known}`,
    );
    const rows = await rowsOf<{ id: string; score: number; updated: string | number }>(
      tx,
      sql.join(branches, sql` union `),
    );
    for (const row of rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      if (row.score > 0) hits.push({ id: row.id, score: row.score, updated: Number(row.updated) });
    }
  }
  hits.sort(ranking);
  const page = hits.slice(offset, wanted).map((hit) => hit.id);
  if (page.length === 0) return [];
  const rows = await rowsOf<SummaryRow>(
    tx,
    sql`select ${SUMMARY_COLUMNS} from sandboxes s ${SUMMARY_JOINS}
      where s.id in (${sql.join(
        page.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return page.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSandboxSummary(row)] : [];
  });
}
