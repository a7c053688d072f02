import type { TAccountType } from '@shared/credit-reference';

// The fictional lenders of the synthetic registry and the kinds of credit each one reports.

export type LenderKind = 'bank' | 'mfi' | 'mobile' | 'utility' | 'telecom' | 'retail' | 'cooperative';

export interface LenderProfile {
  key: string;
  name: string;
  kind: LenderKind;
  accountTypes: TAccountType[];
  /** Relative share of accounts of its kind. */
  weight: number;
}

/** Fictional lenders: national banks, microfinance, a mobile-money lender, utilities, a telecom, retailers. */
export const LENDERS: LenderProfile[] = [
  {
    key: 'demo-mfi',
    name: 'Demo Microfinance Ltd',
    kind: 'mfi',
    accountTypes: ['microfinance_loan', 'group_loan', 'business_loan'],
    weight: 4,
  },
  {
    key: 'lion-mountain-bank',
    name: 'Lion Mountain Bank',
    kind: 'bank',
    accountTypes: ['personal_loan', 'salary_loan', 'overdraft', 'mortgage', 'vehicle_loan', 'credit_card'],
    weight: 5,
  },
  {
    key: 'freetown-commercial',
    name: 'Freetown Commercial Bank',
    kind: 'bank',
    accountTypes: ['personal_loan', 'salary_loan', 'overdraft', 'business_loan', 'credit_card'],
    weight: 4,
  },
  {
    key: 'salone-trust',
    name: 'Salone Trust Bank',
    kind: 'bank',
    accountTypes: ['personal_loan', 'salary_loan', 'business_loan', 'asset_finance'],
    weight: 3,
  },
  {
    key: 'bo-community-bank',
    name: 'Bo Community Bank',
    kind: 'bank',
    accountTypes: ['personal_loan', 'business_loan', 'salary_loan'],
    weight: 2,
  },
  { key: 'kenema-savings', name: 'Kenema Savings and Loans', kind: 'mfi', accountTypes: ['microfinance_loan', 'group_loan'], weight: 3 },
  {
    key: 'makeni-women-mfi',
    name: "Makeni Women's Microcredit",
    kind: 'mfi',
    accountTypes: ['group_loan', 'microfinance_loan'],
    weight: 3,
  },
  { key: 'kono-traders-credit', name: 'Kono Traders Credit', kind: 'mfi', accountTypes: ['business_loan', 'microfinance_loan'], weight: 2 },
  { key: 'salone-momo-credit', name: 'Salone MoMo Credit', kind: 'mobile', accountTypes: ['mobile_money_loan'], weight: 8 },
  { key: 'quick-cash-mobile', name: 'QuickCash Mobile Lending', kind: 'mobile', accountTypes: ['mobile_money_loan'], weight: 5 },
  { key: 'national-power', name: 'National Power Distribution (utility)', kind: 'utility', accountTypes: ['utility'], weight: 6 },
  { key: 'freetown-water', name: 'Freetown Water Company (utility)', kind: 'utility', accountTypes: ['utility'], weight: 3 },
  { key: 'salone-telecom', name: 'Salone Telecom Post-paid', kind: 'telecom', accountTypes: ['telecom_postpaid'], weight: 2 },
  {
    key: 'kissy-furniture',
    name: 'Kissy Furniture and Appliances',
    kind: 'retail',
    accountTypes: ['trade_credit', 'asset_finance'],
    weight: 2,
  },
  {
    key: 'farmers-coop',
    name: 'Tonkolili Farmers Cooperative',
    kind: 'cooperative',
    accountTypes: ['trade_credit', 'group_loan'],
    weight: 2,
  },
];
