CREATE TABLE "sandbox_views" (
	"sandbox_id" text NOT NULL,
	"viewer_key" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_views_sandbox_id_viewer_key_pk" PRIMARY KEY("sandbox_id","viewer_key")
);
--> statement-breakpoint
ALTER TABLE "sandbox_views" ADD CONSTRAINT "sandbox_views_sandbox_id_sandboxes_id_fk" FOREIGN KEY ("sandbox_id") REFERENCES "public"."sandboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_views_counted_idx" ON "sandbox_views" USING btree ("counted_at");