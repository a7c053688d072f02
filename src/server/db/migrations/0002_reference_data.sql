-- Reference data the product cannot run without. Administrators change these rows later;
-- ON CONFLICT DO NOTHING keeps their edits when the migration set is replayed on a copy.
INSERT INTO plans (code, name, description, price_usd_cents, monthly_inquiry_quota, features, has_api_access, has_white_label, max_team_members, is_free, is_public, sort_order) VALUES
  ('starter', 'Starter', 'For small lenders trying the bureau', 0, 3, '["3 credit inquiries per month","Basic reports","Email support"]', false, false, 1, true, true, 1),
  ('standard', 'Standard', 'The monthly subscription charged at registration', 10000, 10, '["10 credit inquiries per month","Full reports with score","Monthly file submission","Email support"]', false, false, 2, false, false, 2),
  ('professional', 'Professional', 'For growing lenders', 25000, 20, '["20 credit inquiries per month","AI scoring","Analytics","Priority support"]', false, false, 5, false, true, 3),
  ('enterprise', 'Enterprise', 'For banks and large lenders', NULL, 50, '["50+ credit inquiries per month","API access","White-label reports","Dedicated support"]', true, true, 50, false, true, 4)
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
INSERT INTO settings (key, value, description) VALUES
  ('exchange_rate_sle_per_usd', '"22.75"', 'New Leones (SLE) per US dollar; the old-Leone (SLL) figure is 1,000 times the SLE figure'),
  ('dispute_deadline_days', '30', 'Days a lender has to answer a dispute'),
  ('retention_years', '7', 'Years negative data stays on a report after the default date'),
  ('login_lockout_threshold', '10', 'Failed sign-ins in a row that lock an account'),
  ('login_lockout_minutes', '15', 'Minutes an account stays locked')
ON CONFLICT (key) DO NOTHING;
