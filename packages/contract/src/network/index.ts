export * from './enums';
export * from './module';
export * from './site';
export * from './asset';
export * from './labels';
export * from './circuit';
export * from './unavailability';
