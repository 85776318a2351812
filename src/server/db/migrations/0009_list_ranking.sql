ALTER TABLE "lists" ADD COLUMN "ranking" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Every list's entries as they are now; saves keep it from here on.
UPDATE "lists" l SET "ranking" = coalesce((
  SELECT string_agg(li.item_id, ' ' ORDER BY li.position)
  FROM "list_items" li WHERE li.user_id = l.user_id AND li.list_id = l.id), '');
