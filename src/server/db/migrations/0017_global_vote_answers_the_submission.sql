-- submit_global_vote (migration 0012) also answers the member's saved ten's
-- times, so that the vote's answer shows the member their submission
-- without reading it again (submitRanking in global-rankings.service.ts).
-- Answers {status: 'open', submittedAtMs, updatedAtMs} when the vote was
-- saved, {status: 'closed'} (nothing written), or null when there is no
-- such category. The answer's type changes, so the function is made anew.
DROP FUNCTION submit_global_vote(text, text, jsonb, int[]);
--> statement-breakpoint
CREATE FUNCTION submit_global_vote(p_category text, p_user text, p_slots jsonb, p_points int[])
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_status text;
  v_answer jsonb;
BEGIN
  -- Votes on one category take turns, and a close waits for them (and they for it).
  SELECT status INTO v_status FROM categories WHERE id = p_category FOR UPDATE;
  IF v_status IS NULL THEN
    RETURN NULL;
  END IF;
  IF v_status <> 'open' THEN
    RETURN jsonb_build_object('status', v_status);
  END IF;
  -- A statement of its own after the lock: a statement's snapshot is taken
  -- when it starts, so this one sees every vote committed before the lock
  -- was granted (this member's previous ten included).
  WITH previous AS (
    SELECT slots FROM submissions WHERE category_id = p_category AND user_id = p_user
  ),
  points AS (
    SELECT e.id AS castaway_id, -p_points[e.n] AS score, CASE WHEN e.n = 1 THEN -1 ELSE 0 END AS first
    FROM previous, jsonb_array_elements_text(previous.slots) WITH ORDINALITY AS e(id, n)
    WHERE e.id IS NOT NULL AND e.n <= cardinality(p_points)
    UNION ALL
    SELECT e.id, p_points[e.n], CASE WHEN e.n = 1 THEN 1 ELSE 0 END
    FROM jsonb_array_elements_text(p_slots) WITH ORDINALITY AS e(id, n)
    WHERE e.id IS NOT NULL AND e.n <= cardinality(p_points)
  ),
  delta AS (
    SELECT castaway_id, sum(score)::int AS score, sum(first)::int AS first
    FROM points GROUP BY castaway_id
    HAVING sum(score) <> 0 OR sum(first) <> 0
  ),
  totals AS (
    INSERT INTO category_scores (category_id, castaway_id, total_score, first_place_votes)
    SELECT p_category, castaway_id, score, first FROM delta
    ON CONFLICT (category_id, castaway_id) DO UPDATE SET
      total_score = category_scores.total_score + excluded.total_score,
      first_place_votes = category_scores.first_place_votes + excluded.first_place_votes
  ),
  saved AS (
    INSERT INTO submissions (category_id, user_id, slots)
    VALUES (p_category, p_user, p_slots)
    ON CONFLICT (category_id, user_id) DO UPDATE SET slots = excluded.slots, updated_at = now()
    RETURNING submitted_at, updated_at
  ),
  counted AS (
    UPDATE categories SET total_submissions = total_submissions + 1
    WHERE id = p_category AND NOT EXISTS (SELECT 1 FROM previous)
  )
  SELECT jsonb_build_object(
    'status', v_status,
    'submittedAtMs', floor(extract(epoch FROM submitted_at) * 1000),
    'updatedAtMs', floor(extract(epoch FROM updated_at) * 1000))
  INTO v_answer FROM saved;
  RETURN v_answer;
END
$$;
