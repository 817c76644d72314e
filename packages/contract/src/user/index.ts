export * from './user';
export * from './module';
