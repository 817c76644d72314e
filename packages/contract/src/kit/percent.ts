/** Percentages as every screen, PDF and spreadsheet shows them: three decimals ("99,653 %"), enough to tell an SLA of 99,5 % from 99,65 %. */
export const PERCENT_DIGITS = 3;
const format = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: PERCENT_DIGITS, maximumFractionDigits: PERCENT_DIGITS });
/** 99.652778 → "99,653 %". */
export const percentText = (n: number): string => `${format.format(n)} %`;
