CREATE TABLE "search_versions" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_versions" ADD CONSTRAINT "search_versions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every workspace has its version row, made with it.
INSERT INTO "search_versions" ("workspace_id") SELECT "id" FROM "workspaces";
--> statement-breakpoint
CREATE FUNCTION "search_versions_add_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_versions (workspace_id) SELECT id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "workspaces_search_version" AFTER INSERT ON "workspaces"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_versions_add_workspace"();
--> statement-breakpoint
-- One bump per statement and workspace, in workspace order (two statements bumping the same
-- workspaces lock their rows in the same order, and cannot deadlock on them).
CREATE FUNCTION "search_versions_bump"(changed uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE search_versions SET version = version + 1
  WHERE workspace_id IN (
    SELECT workspace_id FROM search_versions
    WHERE workspace_id = ANY (changed) ORDER BY workspace_id FOR NO KEY UPDATE
  );
$$;
--> statement-breakpoint
-- Any change to a sandbox, folder or repository row changes its workspace's answers (a sandbox
-- moved between workspaces changes both): a cached answer is then exactly a fresh one.
CREATE FUNCTION "search_versions_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_versions_bump(ARRAY(SELECT DISTINCT workspace_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_versions_bump(ARRAY(SELECT DISTINCT workspace_id FROM old_rows));
  ELSE
    PERFORM search_versions_bump(ARRAY(SELECT workspace_id FROM new_rows UNION SELECT workspace_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A template's colour and icon show in its sandbox's answers.
CREATE FUNCTION "search_versions_templates_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_versions_bump(ARRAY(
      SELECT DISTINCT s.workspace_id FROM sandboxes s WHERE s.id IN (SELECT sandbox_id FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_versions_bump(ARRAY(
      SELECT DISTINCT s.workspace_id FROM sandboxes s WHERE s.id IN (SELECT sandbox_id FROM old_rows)));
  ELSE
    PERFORM search_versions_bump(ARRAY(
      SELECT DISTINCT s.workspace_id FROM sandboxes s
      WHERE s.id IN (SELECT sandbox_id FROM new_rows UNION SELECT sandbox_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An author's username shows in the answers of every workspace holding their sandboxes.
CREATE FUNCTION "search_versions_usernames_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_versions_bump(ARRAY(
    SELECT DISTINCT s.workspace_id FROM sandboxes s
    WHERE s.author_id IN (
      SELECT n.id FROM new_rows n JOIN old_rows o USING (id) WHERE n.username IS DISTINCT FROM o.username)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_search_version_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_versions_usernames_changed"();
--> statement-breakpoint
CREATE TRIGGER "sandboxes_search_version_insert" AFTER INSERT ON "sandboxes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_versions_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "sandboxes_search_version_update" AFTER UPDATE ON "sandboxes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_versions_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "sandboxes_search_version_delete" AFTER DELETE ON "sandboxes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_versions_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "collections_search_version_insert" AFTER INSERT ON "collections"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_versions_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "collections_search_version_update" AFTER UPDATE ON "collections"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_versions_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "collections_search_version_delete" AFTER DELETE ON "collections"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_versions_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "projects_search_version_insert" AFTER INSERT ON "projects"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_versions_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "projects_search_version_update" AFTER UPDATE ON "projects"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_versions_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "projects_search_version_delete" AFTER DELETE ON "projects"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_versions_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "templates_search_version_insert" AFTER INSERT ON "templates"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_versions_templates_changed"();
--> statement-breakpoint
CREATE TRIGGER "templates_search_version_update" AFTER UPDATE ON "templates"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_versions_templates_changed"();
--> statement-breakpoint
CREATE TRIGGER "templates_search_version_delete" AFTER DELETE ON "templates"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_versions_templates_changed"();
