-- Credit registry reference data: account types (mobile money and utilities are the alternative data),
-- account statuses and permissible purposes. Codes mirror src/shared/credit-reference.ts (a unit test
-- checks they agree); ON CONFLICT DO NOTHING keeps names administrators edited.
INSERT INTO credit_account_types (code, name, category, sort_order) VALUES
  ('personal_loan', 'Personal loan', 'credit', 1),
  ('business_loan', 'Business loan', 'credit', 2),
  ('microfinance_loan', 'Microfinance loan', 'credit', 3),
  ('group_loan', 'Group (solidarity) loan', 'credit', 4),
  ('salary_loan', 'Salary-backed loan', 'credit', 5),
  ('mortgage', 'Mortgage', 'credit', 6),
  ('vehicle_loan', 'Vehicle loan', 'credit', 7),
  ('asset_finance', 'Asset finance / hire purchase', 'credit', 8),
  ('credit_card', 'Credit card', 'credit', 9),
  ('overdraft', 'Overdraft', 'credit', 10),
  ('trade_credit', 'Trade credit (goods on credit)', 'credit', 11),
  ('mobile_money_loan', 'Mobile money loan', 'alternative', 12),
  ('utility', 'Utility account (electricity, water)', 'alternative', 13),
  ('telecom_postpaid', 'Post-paid telephone line', 'alternative', 14)
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
INSERT INTO credit_account_statuses (code, name, is_negative, sort_order) VALUES
  ('current', 'Current', false, 1),
  ('late_30', '30 days late', false, 2),
  ('late_60', '60 days late', false, 3),
  ('late_90', '90 days or more late', true, 4),
  ('default', 'In default', true, 5),
  ('written_off', 'Written off', true, 6),
  ('closed', 'Closed', false, 7),
  ('paid', 'Paid in full', false, 8)
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
INSERT INTO permissible_purposes (code, name, description, is_active, sort_order) VALUES
  ('credit_application', 'New credit application', 'Assessing an application for a loan, credit line or goods on credit', true, 1),
  ('account_review', 'Review of an existing account', 'Reviewing, renewing or raising the limit of an account the person already holds', true, 2),
  ('guarantor_assessment', 'Guarantor assessment', 'Assessing a person who offers to guarantee a loan', true, 3),
  ('debt_collection', 'Debt collection', 'Tracing or collecting a debt the person owes the business', true, 4),
  ('employment_screening', 'Employment screening', 'Screening a job applicant for a position of financial trust, with written consent', true, 5),
  ('tenancy_screening', 'Tenancy screening', 'Assessing a prospective tenant, with written consent', true, 6),
  ('insurance_underwriting', 'Insurance underwriting', 'Underwriting an insurance policy, with written consent', true, 7)
ON CONFLICT (code) DO NOTHING;
