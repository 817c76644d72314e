export * from './module';
export * from './template';
export * from './viability';
export * from './unit';
export * from './plan';
export * from './cto';
