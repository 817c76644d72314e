export * from './organization-settings';
export * from './module';
