DROP INDEX "credit_subject_names_codes_idx";--> statement-breakpoint
CREATE INDEX "credit_subject_names_codes_dob_idx" ON "credit_subject_names" USING btree ("last_code","first_code","date_of_birth");