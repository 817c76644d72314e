export * from './logistics';
export * from './module';
