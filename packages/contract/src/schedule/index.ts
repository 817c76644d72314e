export * from './module';
export * from './event';
