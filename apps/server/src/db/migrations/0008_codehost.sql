CREATE TABLE "branch_accesses" (
	"user_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"last_accessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branch_accesses_user_id_branch_id_pk" PRIMARY KEY("user_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"contribution" boolean DEFAULT false NOT NULL,
	"upstream" boolean DEFAULT true NOT NULL,
	"owner_id" uuid,
	"head_sha" text,
	"created_sha" text,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_accesses" (
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"last_accessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_accesses_user_id_project_id_pk" PRIMARY KEY("user_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"provider" text DEFAULT 'GITHUB' NOT NULL,
	"owner" text NOT NULL,
	"name" text NOT NULL,
	"remote_id" text,
	"clone_url" text NOT NULL,
	"default_branch" text NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"app_installed" boolean DEFAULT false NOT NULL,
	"vm_tier" integer DEFAULT 1 NOT NULL,
	"branch_count" integer DEFAULT 0 NOT NULL,
	"imported_by_id" uuid,
	"last_synced_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pull_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"state" text NOT NULL,
	"branch" text NOT NULL,
	"head_owner" text,
	"head_sha" text,
	"additions" integer DEFAULT 0 NOT NULL,
	"deletions" integer DEFAULT 0 NOT NULL,
	"remote_updated_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_git" (
	"sandbox_id" text PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'GITHUB' NOT NULL,
	"owner" text NOT NULL,
	"repo" text NOT NULL,
	"branch" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"clone_url" text NOT NULL,
	"commit_sha" text,
	"synced_by_id" uuid,
	"last_synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_error" text
);
--> statement-breakpoint
ALTER TABLE "branch_accesses" ADD CONSTRAINT "branch_accesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_accesses" ADD CONSTRAINT "branch_accesses_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_accesses" ADD CONSTRAINT "project_accesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_accesses" ADD CONSTRAINT "project_accesses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_imported_by_id_users_id_fk" FOREIGN KEY ("imported_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pull_requests" ADD CONSTRAINT "pull_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_git" ADD CONSTRAINT "sandbox_git_sandbox_id_sandboxes_id_fk" FOREIGN KEY ("sandbox_id") REFERENCES "public"."sandboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_git" ADD CONSTRAINT "sandbox_git_synced_by_id_users_id_fk" FOREIGN KEY ("synced_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branch_accesses_recent_idx" ON "branch_accesses" USING btree ("user_id","last_accessed_at");--> statement-breakpoint
CREATE INDEX "branch_accesses_branch_idx" ON "branch_accesses" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "branches_project_name_idx" ON "branches" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "branches_contribution_idx" ON "branches" USING btree ("owner_id") WHERE "branches"."contribution";--> statement-breakpoint
CREATE UNIQUE INDEX "projects_workspace_repo_idx" ON "projects" USING btree ("workspace_id","provider",lower("owner"),lower("name"));--> statement-breakpoint
CREATE INDEX "projects_repo_idx" ON "projects" USING btree ("provider",lower("owner"),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "pull_requests_project_number_idx" ON "pull_requests" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "pull_requests_project_branch_idx" ON "pull_requests" USING btree ("project_id","branch");--> statement-breakpoint
CREATE INDEX "sandbox_git_synced_idx" ON "sandbox_git" USING btree ("last_synced_at");