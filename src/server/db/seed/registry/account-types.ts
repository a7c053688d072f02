import type { TAccountType } from '@shared/credit-reference';

/** How each kind of account behaves in the generated registry. */
export interface TypeProfile {
  termMonths: [number, number] | null;
  /** Principal (or credit limit, or monthly bill) in major units of SLE. */
  amount: [number, number];
  /** Added to the monthly chance of falling behind, on the logit scale. */
  riskShift: number;
  /**
   * How strongly the person's latent risk moves this account's chance of falling behind (1: as
   * loans do). Bills and mobile money loans fall due every month in small amounts, so how they are
   * paid shows a person's cash flow more plainly than a loan does: the evidence alternative data
   * gives people with no bank history.
   */
  riskWeight?: number;
}

export const TYPE_PROFILES: Record<TAccountType, TypeProfile> = {
  personal_loan: { termMonths: [12, 36], amount: [5_000, 100_000], riskShift: 0 },
  business_loan: { termMonths: [12, 24], amount: [10_000, 300_000], riskShift: 0.1 },
  microfinance_loan: { termMonths: [6, 12], amount: [1_000, 20_000], riskShift: 0.2 },
  group_loan: { termMonths: [6, 12], amount: [500, 5_000], riskShift: -0.1 },
  salary_loan: { termMonths: [12, 24], amount: [3_000, 50_000], riskShift: -0.6 },
  mortgage: { termMonths: [120, 240], amount: [200_000, 2_000_000], riskShift: -0.9 },
  vehicle_loan: { termMonths: [24, 48], amount: [50_000, 500_000], riskShift: -0.4 },
  asset_finance: { termMonths: [12, 24], amount: [2_000, 40_000], riskShift: 0.1 },
  credit_card: { termMonths: null, amount: [5_000, 50_000], riskShift: -0.2 },
  overdraft: { termMonths: null, amount: [2_000, 50_000], riskShift: 0 },
  trade_credit: { termMonths: [3, 6], amount: [500, 20_000], riskShift: 0.2 },
  mobile_money_loan: { termMonths: null, amount: [100, 2_000], riskShift: 0.3, riskWeight: 1.6 },
  utility: { termMonths: null, amount: [100, 800], riskShift: 0.5, riskWeight: 1.6 },
  telecom_postpaid: { termMonths: null, amount: [100, 500], riskShift: 0.2, riskWeight: 1.6 },
};
