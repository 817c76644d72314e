export * from './module';
export * from './event';
export * from './recurrence';
export * from './live';
export * from './board';
