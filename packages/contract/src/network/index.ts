export * from './enums';
export * from './module';
export * from './site';
export * from './asset';
export * from './circuit';
export * from './unavailability';
