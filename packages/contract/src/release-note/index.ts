export * from './release-note';
export * from './module';
