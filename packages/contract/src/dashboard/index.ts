export * from './module';
export * from './dashboard';
