/** Public parts of the network module on the web: the carriers' SLA report (also shown in /report). */
export { default as CircuitSlaPanel } from './CircuitSlaPanel';
