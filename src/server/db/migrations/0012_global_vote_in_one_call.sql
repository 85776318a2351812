-- A member's Global Rankings vote in one call (submitRanking in
-- global-rankings.service.ts): the category's row locked, its status
-- checked, the old ten's points taken out of the totals and the new ten's
-- put in, the ten saved. One call is one round trip, and the lock every vote
-- of the category waits for is held only while the database works; it was
-- held across three round trips of a transaction (docs/performance.md).
-- Answers the category's status: 'open' when the vote was saved, 'closed'
-- (nothing written), or null when there is no such category.
CREATE FUNCTION submit_global_vote(p_category text, p_user text, p_slots jsonb, p_points int[])
RETURNS text
LANGUAGE plpgsql
AS $$
DECLARE
  v_status text;
BEGIN
  -- Votes on one category take turns, and a close waits for them (and they for it).
  SELECT status INTO v_status FROM categories WHERE id = p_category FOR UPDATE;
  IF v_status IS DISTINCT FROM 'open' THEN
    RETURN v_status;
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
  )
  UPDATE categories SET total_submissions = total_submissions + 1
  WHERE id = p_category AND NOT EXISTS (SELECT 1 FROM previous);
  RETURN v_status;
END
$$;
