/**
 * Money as every text the server writes shows it (reasons, PDFs, e-mails): "R$ 1.234,56", the
 * Brazilian way. A decimal string ("1234.5", as numeric columns come) is formatted from its digits,
 * exactly; a number is first rounded to the cent.
 */
export function brl(value: string | number): string {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const negative = text.startsWith('-');
  const [int, frac = ''] = text.replace(/^[-+]/, '').split('.');
  const cents = frac.padEnd(2, '0').slice(0, 2);
  const grouped = (int.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative && /[1-9]/.test(int + cents) ? '-' : ''}R$ ${grouped},${cents}`;
}
