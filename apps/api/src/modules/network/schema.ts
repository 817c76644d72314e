// The network module's tables, for its own files (other modules import them through ./index.ts).
export * from './asset/schema';
export * from './circuit/schema';
export * from './lmc/schema';
export * from './script/schema';
export * from './site/schema';
export * from './svc/schema';
export * from './union/schema';
