/** The clash question is the web core's (core/clash.ts): field service asks it too when it schedules an order. */
export { isClash, sendConfirmingClash } from '../../core/clash';
