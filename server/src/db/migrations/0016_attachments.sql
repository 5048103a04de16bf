CREATE TABLE "attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attachable_type" text NOT NULL,
	"attachable_id" integer NOT NULL,
	"air_waybill_id" integer NOT NULL,
	"house_waybill_id" integer,
	"doc_type" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"company_id" integer,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_attachable_type_check" CHECK ("attachments"."attachable_type" in ('air_waybill', 'house_waybill')),
	CONSTRAINT "attachments_attachable_check" CHECK (("attachments"."attachable_type" = 'air_waybill' and "attachments"."house_waybill_id" is null and "attachments"."attachable_id" = "attachments"."air_waybill_id")
        or ("attachments"."attachable_type" = 'house_waybill' and "attachments"."attachable_id" = "attachments"."house_waybill_id")),
	CONSTRAINT "attachments_doc_type_check" CHECK ("attachments"."doc_type" in ('CargoManifest', 'NOTOC', 'Invoice', 'InvoiceIssued', 'AirWaybill', 'CSD', 'DGD', 'ELIDeclaration', 'TransitStatement', 'FHL', 'SLI', 'PackingList', 'MRN', 'DocsForConsignee', 'CCA', 'CDR', 'Photo', 'AircraftData', 'Other', 'Undefined')),
	CONSTRAINT "attachments_size_check" CHECK ("attachments"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_air_waybill_id_air_waybills_id_fk" FOREIGN KEY ("air_waybill_id") REFERENCES "public"."air_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_house_waybill_id_house_waybills_id_fk" FOREIGN KEY ("house_waybill_id") REFERENCES "public"."house_waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_attachable_idx" ON "attachments" USING btree ("attachable_type","attachable_id","created_at");--> statement-breakpoint
CREATE INDEX "attachments_air_waybill_idx" ON "attachments" USING btree ("air_waybill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attachments_storage_key_key" ON "attachments" USING btree ("storage_key");