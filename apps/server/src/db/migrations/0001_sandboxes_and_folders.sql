CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"path" text NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_accesses" (
	"user_id" uuid NOT NULL,
	"sandbox_id" text NOT NULL,
	"last_accessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_accesses_user_id_sandbox_id_pk" PRIMARY KEY("user_id","sandbox_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_collaborators" (
	"sandbox_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"authorization" text NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_collaborators_sandbox_id_user_id_pk" PRIMARY KEY("sandbox_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_directories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sandbox_id" text NOT NULL,
	"shortid" text NOT NULL,
	"title" text NOT NULL,
	"directory_shortid" text,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sandbox_id" text NOT NULL,
	"shortid" text NOT NULL,
	"title" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"directory_shortid" text,
	"is_binary" boolean DEFAULT false NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandboxes" (
	"id" text PRIMARY KEY NOT NULL,
	"alias" text,
	"title" text,
	"description" text,
	"workspace_id" uuid NOT NULL,
	"author_id" uuid,
	"collection_id" uuid,
	"privacy" integer DEFAULT 2 NOT NULL,
	"is_frozen" boolean DEFAULT false NOT NULL,
	"is_v2" boolean DEFAULT false NOT NULL,
	"prevent_sandbox_leaving" boolean DEFAULT false NOT NULL,
	"prevent_sandbox_export" boolean DEFAULT false NOT NULL,
	"restricted" boolean DEFAULT false NOT NULL,
	"screenshot_url" text,
	"view_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"fork_count" integer DEFAULT 0 NOT NULL,
	"source_template" text,
	"forked_from_id" text,
	"vm_tier" integer DEFAULT 1 NOT NULL,
	"removed_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sandbox_id" text NOT NULL,
	"color" text,
	"icon_url" text,
	"published" boolean DEFAULT false NOT NULL,
	"official" boolean DEFAULT false NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_accesses" ADD CONSTRAINT "sandbox_accesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_accesses" ADD CONSTRAINT "sandbox_accesses_sandbox_id_sandboxes_id_fk" FOREIGN KEY ("sandbox_id") REFERENCES "public"."sandboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_collaborators" ADD CONSTRAINT "sandbox_collaborators_sandbox_id_sandboxes_id_fk" FOREIGN KEY ("sandbox_id") REFERENCES "public"."sandboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_collaborators" ADD CONSTRAINT "sandbox_collaborators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_directories" ADD CONSTRAINT "sandbox_directories_sandbox_id_sandboxes_id_fk" FOREIGN KEY ("sandbox_id") REFERENCES "public"."sandboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_modules" ADD CONSTRAINT "sandbox_modules_sandbox_id_sandboxes_id_fk" FOREIGN KEY ("sandbox_id") REFERENCES "public"."sandboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandboxes" ADD CONSTRAINT "sandboxes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandboxes" ADD CONSTRAINT "sandboxes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandboxes" ADD CONSTRAINT "sandboxes_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandboxes" ADD CONSTRAINT "sandboxes_forked_from_id_sandboxes_id_fk" FOREIGN KEY ("forked_from_id") REFERENCES "public"."sandboxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_sandbox_id_sandboxes_id_fk" FOREIGN KEY ("sandbox_id") REFERENCES "public"."sandboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_workspace_path_idx" ON "collections" USING btree ("workspace_id","path");--> statement-breakpoint
CREATE INDEX "collections_path_trgm_idx" ON "collections" USING gin ("path" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sandbox_accesses_recent_idx" ON "sandbox_accesses" USING btree ("user_id","last_accessed_at");--> statement-breakpoint
CREATE INDEX "sandbox_collaborators_user_idx" ON "sandbox_collaborators" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_directories_shortid_idx" ON "sandbox_directories" USING btree ("sandbox_id","shortid");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_modules_shortid_idx" ON "sandbox_modules" USING btree ("sandbox_id","shortid");--> statement-breakpoint
CREATE INDEX "sandboxes_workspace_collection_idx" ON "sandboxes" USING btree ("workspace_id","collection_id","updated_at");--> statement-breakpoint
CREATE INDEX "sandboxes_workspace_updated_idx" ON "sandboxes" USING btree ("workspace_id","updated_at");--> statement-breakpoint
CREATE INDEX "sandboxes_workspace_removed_idx" ON "sandboxes" USING btree ("workspace_id","removed_at");--> statement-breakpoint
CREATE INDEX "sandboxes_author_idx" ON "sandboxes" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "sandboxes_title_trgm_idx" ON "sandboxes" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sandboxes_description_trgm_idx" ON "sandboxes" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sandboxes_alias_trgm_idx" ON "sandboxes" USING gin ("alias" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sandboxes_source_template_trgm_idx" ON "sandboxes" USING gin ("source_template" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "templates_sandbox_idx" ON "templates" USING btree ("sandbox_id");
--> statement-breakpoint
-- Every workspace has a root folder.
INSERT INTO "collections" ("workspace_id", "path") SELECT "id", '/' FROM "workspaces" ON CONFLICT DO NOTHING;
