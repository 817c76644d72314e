export * from './module';
export * from './project';
