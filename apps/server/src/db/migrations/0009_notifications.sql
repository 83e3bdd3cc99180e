CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email_comment_mention" boolean DEFAULT true NOT NULL,
	"email_comment_reply" boolean DEFAULT true NOT NULL,
	"email_marketing" boolean DEFAULT false NOT NULL,
	"email_new_comment" boolean DEFAULT true NOT NULL,
	"email_sandbox_invite" boolean DEFAULT true NOT NULL,
	"email_team_invite" boolean DEFAULT true NOT NULL,
	"in_app_pr_review_request" boolean DEFAULT true NOT NULL,
	"in_app_pr_review_received" boolean DEFAULT true NOT NULL,
	"count_cleared_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_join_requests" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_join_requests_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "offer_domain" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_join_requests" ADD CONSTRAINT "workspace_join_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_join_requests" ADD CONSTRAINT "workspace_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_listed_idx" ON "notifications" USING btree ("user_id","inserted_at","id") WHERE not "notifications"."archived";--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","inserted_at") WHERE not "notifications"."read" and not "notifications"."archived";--> statement-breakpoint
CREATE INDEX "workspace_join_requests_user_idx" ON "workspace_join_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workspaces_offer_domain_idx" ON "workspaces" USING btree ("offer_domain") WHERE "workspaces"."offer_domain" is not null;--> statement-breakpoint
-- GitHub sign-in only ever gave verified addresses.
UPDATE "identities" SET "email_verified" = true WHERE "provider" = 'github';
