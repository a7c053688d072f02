/** The landing page's managed text as shipped; administrators edit it later (spec section 3 keys). */
export const LANDING_CONTENT: { section: 'hero' | 'features' | 'pricing'; key: string; content: string }[] = [
  { section: 'hero', key: 'main_headline', content: "Sierra Leone's First National Credit Bureau" },
  {
    section: 'hero',
    key: 'subtitle',
    content:
      'Check a borrower in seconds, report accounts and defaulters, and lend with confidence. Consumers see their own credit report free of charge.',
  },
  { section: 'features', key: 'ai_scoring_title', content: 'AI-Powered Credit Scoring' },
  {
    section: 'features',
    key: 'ai_scoring_description',
    content:
      'An explainable scorecard from 300 to 850 with the reasons behind every score, built for the Credit Reference Act and audited by the regulator.',
  },
  { section: 'features', key: 'real_time_title', content: 'Real-Time Credit Checks' },
  {
    section: 'features',
    key: 'real_time_description',
    content: 'Search by National ID, phone, licence or passport and pull a full report at once, 24/7, from any branch.',
  },
  { section: 'features', key: 'comprehensive_title', content: 'Comprehensive Reporting' },
  {
    section: 'features',
    key: 'comprehensive_description',
    content:
      'Accounts from banks, microfinance institutions, retailers, mobile money and utilities in one report, with 24 months of payment history.',
  },
  { section: 'pricing', key: 'free_tier_title', content: 'Consumer' },
  {
    section: 'pricing',
    key: 'free_tier_description',
    content: 'Always free: see your own report and score, dispute errors and control who sees your data.',
  },
  { section: 'pricing', key: 'standard_tier_title', content: 'Professional' },
  { section: 'pricing', key: 'enterprise_tier_title', content: 'Enterprise' },
  {
    section: 'pricing',
    key: 'enterprise_tier_description',
    content: 'For banks and large lenders: 50+ inquiries a month, API access, white-label reports and dedicated support.',
  },
];
