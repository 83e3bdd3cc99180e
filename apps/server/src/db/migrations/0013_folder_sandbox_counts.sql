CREATE TABLE "collection_sandbox_counts" (
	"collection_id" uuid PRIMARY KEY NOT NULL,
	"sandbox_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_sandbox_counts" ADD CONSTRAINT "collection_sandbox_counts_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandboxes_collection_idx" ON "sandboxes" USING btree ("collection_id","updated_at");--> statement-breakpoint
INSERT INTO "collection_sandbox_counts" ("collection_id", "sandbox_count")
SELECT c.id, coalesce(n.count, 0)
FROM collections c
LEFT JOIN (
  SELECT collection_id, count(*) AS count FROM sandboxes
  WHERE collection_id IS NOT NULL AND removed_at IS NULL GROUP BY collection_id
) n ON n.collection_id = c.id;
--> statement-breakpoint
-- Every folder has its count row, made with it.
CREATE FUNCTION "collection_sandbox_counts_add_folders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO collection_sandbox_counts (collection_id) SELECT id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "collections_sandbox_count_row" AFTER INSERT ON "collections"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "collection_sandbox_counts_add_folders"();
--> statement-breakpoint
-- Adds one for each folder id in `added` and takes one for each in `removed`. The workspaces'
-- search_versions rows are locked first (in workspace order, as search_versions_bump does), then
-- the counts in folder order: whoever changes a count holds its workspace's row, so two statements
-- cannot each hold a count the other waits for.
CREATE FUNCTION "collection_sandbox_counts_add"(added uuid[], removed uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
  deltas integer[];
BEGIN
  SELECT array_agg(id ORDER BY id), array_agg(d ORDER BY id) INTO changed, deltas
  FROM (
    SELECT id, sum(d)::integer AS d FROM (
      SELECT unnest(added) AS id, 1 AS d
      UNION ALL SELECT unnest(removed), -1
    ) changes
    GROUP BY id HAVING sum(d) <> 0
  ) delta;
  IF changed IS NULL THEN
    RETURN;
  END IF;
  PERFORM 1 FROM search_versions
    WHERE workspace_id IN (SELECT workspace_id FROM collections WHERE id = ANY (changed))
    ORDER BY workspace_id FOR NO KEY UPDATE;
  UPDATE collection_sandbox_counts n SET sandbox_count = n.sandbox_count + d.delta
    FROM unnest(changed, deltas) AS d(id, delta)
    WHERE n.collection_id = d.id
      AND n.collection_id IN (
        SELECT collection_id FROM collection_sandbox_counts WHERE collection_id = ANY (changed)
        ORDER BY collection_id FOR NO KEY UPDATE);
END $$;
--> statement-breakpoint
-- A sandbox counts in its folder while it is not deleted: any statement that adds, removes, moves,
-- deletes or recovers sandboxes keeps the counts exact, whatever code ran it.
CREATE FUNCTION "collection_sandbox_counts_sandboxes_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM collection_sandbox_counts_add(
      ARRAY(SELECT collection_id FROM new_rows WHERE collection_id IS NOT NULL AND removed_at IS NULL),
      '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM collection_sandbox_counts_add(
      '{}',
      ARRAY(SELECT collection_id FROM old_rows WHERE collection_id IS NOT NULL AND removed_at IS NULL));
  ELSE
    PERFORM collection_sandbox_counts_add(
      ARRAY(SELECT collection_id FROM new_rows WHERE collection_id IS NOT NULL AND removed_at IS NULL),
      ARRAY(SELECT collection_id FROM old_rows WHERE collection_id IS NOT NULL AND removed_at IS NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sandboxes_folder_count_insert" AFTER INSERT ON "sandboxes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "collection_sandbox_counts_sandboxes_changed"();
--> statement-breakpoint
CREATE TRIGGER "sandboxes_folder_count_update" AFTER UPDATE ON "sandboxes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "collection_sandbox_counts_sandboxes_changed"();
--> statement-breakpoint
CREATE TRIGGER "sandboxes_folder_count_delete" AFTER DELETE ON "sandboxes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "collection_sandbox_counts_sandboxes_changed"();
