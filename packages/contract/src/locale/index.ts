export * from './locale';
export * from './module';
