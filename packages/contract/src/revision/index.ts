export * from './revision';
export * from './revision-values';
export * from './module';
export * from './field-labels';
