import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
const client = new PGlite(process.argv[2]!, { extensions: { pg_trgm } });
await client.waitReady;
const top = await client.query<{ list_user_id: string; list_id: string; n: number }>(
  `SELECT list_user_id, list_id, count(*)::int n FROM comments WHERE list_id IS NOT NULL GROUP BY 1,2 ORDER BY 3 DESC LIMIT 1`);
const t = top.rows[0]!;
const voters = await client.query<{ user_id: string }>(
  `SELECT DISTINCT v.user_id FROM comment_votes v JOIN comments c ON c.id = v.comment_id WHERE c.list_user_id=$1 AND c.list_id=$2 LIMIT 3`, [t.list_user_id, t.list_id]);
const others = await client.query<{ id: string }>(`SELECT id FROM "user" ORDER BY id LIMIT 3`);
const viewers = `{${[...voters.rows.map((r) => r.user_id), ...others.rows.map((r) => r.id)].join(",")}}`;
console.log("discussion", t, "viewers", viewers, "votes total", (await client.query(`select count(*) from comment_votes`)).rows);
const now = `SELECT v.comment_id, v.value, v.user_id FROM comment_votes v INNER JOIN comments c ON c.id = v.comment_id WHERE v.user_id = ANY($1::text[]) AND c.list_user_id = $2 AND c.list_id = $3`;
const lateral = `SELECT v.comment_id, v.value, v.user_id FROM comment_votes v WHERE v.user_id = ANY($1::text[]) AND EXISTS (SELECT 1 FROM comments c WHERE c.id = v.comment_id AND c.list_user_id = $2 AND c.list_id = $3)`;
await client.exec("SET plan_cache_mode = force_generic_plan");
const lat2 = `SELECT v.comment_id, v.value, v.user_id FROM comment_votes v CROSS JOIN LATERAL (SELECT 1 FROM comments c WHERE c.id = v.comment_id AND c.list_user_id = $2 AND c.list_id = $3 OFFSET 0) x WHERE v.user_id = ANY($1::text[])`;
if (process.argv[3]) await client.exec("ANALYZE");
for (const [name, q] of [["now", now], ["lat", lat2], ["now2", now], ["lat2", lat2]] as const) {
  await client.query(`PREPARE p_${name} AS ${q}`);
  const ex = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ANALYZE EXECUTE p_${name}('${viewers}', '${t.list_user_id}', '${t.list_id}')`);
  console.log(name, "\n" + ex.rows.map((r) => r["QUERY PLAN"]).join("\n"));
  const runs = 300;
  let t0 = performance.now();
  for (let i = 0; i < runs; i++) await client.query(`EXECUTE p_${name}('${viewers}', '${t.list_user_id}', '${t.list_id}')`);
  console.log(name, "ms per run", ((performance.now() - t0) / runs).toFixed(3));
}
await client.close();
