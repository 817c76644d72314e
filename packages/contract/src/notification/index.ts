export * from './notification';
export * from './module';
