export * from './module';
export * from './webhook';
