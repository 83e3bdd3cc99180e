-- The file API's writes (a save's hot path) load the sandbox with the facts of the writer's access
-- to it (read.service.ts sandboxWithAccess). A PL/pgSQL function keeps the plan of that four-table
-- query for the connection; sent as a statement it is planned again on every save, which on PGlite
-- costs more than running it. The columns are the ones sandboxWithAccess reads, by name.
CREATE FUNCTION "sandbox_write_access"("p_sandbox_id" text, "p_user_id" uuid, "p_lock" boolean)
RETURNS TABLE (
  "id" text,
  "workspace_id" uuid,
  "author_id" uuid,
  "collection_id" uuid,
  "is_frozen" boolean,
  "prevent_sandbox_leaving" boolean,
  "privacy" integer,
  "removed_at" timestamp with time zone,
  "updated_at" timestamp with time zone,
  "member_workspace_id" uuid,
  "member_user_id" uuid,
  "member_authorization" text,
  "member_team_manager" boolean,
  "workspace_frozen" boolean,
  "workspace_minimum_privacy" integer,
  "workspace_prevent_sandbox_export" boolean,
  "workspace_prevent_sandbox_leaving" boolean,
  "collaboration" text
)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF p_lock THEN
    RETURN QUERY
      SELECT s.id, s.workspace_id, s.author_id, s.collection_id, s.is_frozen, s.prevent_sandbox_leaving,
        s.privacy, s.removed_at, s.updated_at, m.workspace_id, m.user_id, m.authorization, m.team_manager,
        w.frozen, w.minimum_privacy, w.prevent_sandbox_export, w.prevent_sandbox_leaving, c.authorization
      FROM sandboxes s
      JOIN workspaces w ON w.id = s.workspace_id
      LEFT JOIN workspace_members m ON m.workspace_id = s.workspace_id AND m.user_id = p_user_id
      LEFT JOIN sandbox_collaborators c ON c.sandbox_id = s.id AND c.user_id = p_user_id
      WHERE s.id = p_sandbox_id
      LIMIT 1
      FOR NO KEY UPDATE OF s;
  ELSE
    RETURN QUERY
      SELECT s.id, s.workspace_id, s.author_id, s.collection_id, s.is_frozen, s.prevent_sandbox_leaving,
        s.privacy, s.removed_at, s.updated_at, m.workspace_id, m.user_id, m.authorization, m.team_manager,
        w.frozen, w.minimum_privacy, w.prevent_sandbox_export, w.prevent_sandbox_leaving, c.authorization
      FROM sandboxes s
      JOIN workspaces w ON w.id = s.workspace_id
      LEFT JOIN workspace_members m ON m.workspace_id = s.workspace_id AND m.user_id = p_user_id
      LEFT JOIN sandbox_collaborators c ON c.sandbox_id = s.id AND c.user_id = p_user_id
      WHERE s.id = p_sandbox_id
      LIMIT 1;
  END IF;
END
$$;
