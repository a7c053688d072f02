/** Built-in text for every managed-content key the landing page reads (spec section 3). */
export const CMS_DEFAULTS = {
  hero: {
    main_headline: "Sierra Leone's First Credit Bureau",
    subtitle:
      'AI-powered credit scoring, real-time credit checks and comprehensive reporting for banks, microfinance institutions and businesses, with access 24 hours a day, 7 days a week.',
  },
  features: {
    ai_scoring_title: 'AI-Powered Credit Scoring',
    ai_scoring_description:
      'Scores built from repayment history reported by lenders across Sierra Leone, with the reasons behind every score. A thin file gets "no score", never a low one.',
    real_time_title: 'Real-Time Credit Checks',
    real_time_description:
      'Search by National ID, phone, licence or passport and receive a report in seconds, every search recorded with its lawful purpose.',
    comprehensive_title: 'Comprehensive Reporting',
    comprehensive_description:
      'Report accounts and defaulters one at a time or as a monthly file, and answer consumer disputes within the legal deadline.',
  },
  pricing: {
    free_tier_title: 'Consumer',
    free_tier_description: 'Always free: see your own credit report and score, dispute errors, and control who sees your data.',
    standard_tier_title: 'Professional',
    enterprise_tier_title: 'Enterprise',
    enterprise_tier_description:
      'For banks and large lenders: 50+ inquiries a month, API access, white-label reports and dedicated support.',
  },
} as const;

export type TCmsSection = keyof typeof CMS_DEFAULTS;
