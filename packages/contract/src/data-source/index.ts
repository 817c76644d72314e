export * from './data-source';
export * from './module';
