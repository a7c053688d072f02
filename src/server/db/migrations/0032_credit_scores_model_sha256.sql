-- Every stored score carries the SHA-256 of the model file that made it (issue 19, decisions/039).
-- Scores stored before get the hash models/manifest.json records for their version: the files
-- of 1.0.0-demo, 2.0.0-demo and 2.1.0-demo are the committed ones, unchanged since they scored.
ALTER TABLE "credit_scores" ADD COLUMN "model_sha256" text;--> statement-breakpoint
UPDATE "credit_scores" SET "model_sha256" = CASE "model_version"
  WHEN '1.0.0-demo' THEN '553a7707ca37ef41ce60c4ce77efcae27033a9fcf5bc923e0e9eee0bdd698d36'
  WHEN '2.0.0-demo' THEN 'af314e93c2f6b2ddb35b3c4c182a99dcb1f5798c01eb9ba22ed2cc68b1856f67'
  WHEN '2.1.0-demo' THEN '88547e027f60b22325d4eac982c5ef9548dc82686c0e341b900bb5e2e8cd7c22'
END;--> statement-breakpoint
ALTER TABLE "credit_scores" ALTER COLUMN "model_sha256" SET NOT NULL;--> statement-breakpoint
-- A business report's stored copy carries its score's id, as every report answered from now on does.
UPDATE "credit_report_copies" c SET "report" = jsonb_set(c."report", '{score,scoreId}', to_jsonb(s."id"::text))
  FROM "credit_scores" s
  WHERE s."inquiry_id" = c."report_id" AND jsonb_typeof(c."report" -> 'score') = 'object';
