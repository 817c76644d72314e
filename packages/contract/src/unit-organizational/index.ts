export * from './unit-organizational';
export * from './module';
