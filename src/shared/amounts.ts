/**
 * Money's one home is src/shared/format (money.ts). This file only keeps the server's imports of
 * '@shared/amounts' working until they name '@shared/format'; then it goes.
 */
export { formatMinorAmount, parseAmountToMinor } from './format';
