export * from './module';
export * from './report';
