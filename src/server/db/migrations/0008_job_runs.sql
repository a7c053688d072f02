CREATE TABLE "job_runs" (
	"job_name" text NOT NULL,
	"period_key" text NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "job_runs_job_name_period_key_pk" PRIMARY KEY("job_name","period_key")
);
