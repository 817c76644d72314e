export * from './module';
