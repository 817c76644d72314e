export * from './organization';
export * from './module';
