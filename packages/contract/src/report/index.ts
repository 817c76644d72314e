export * from './module';
export * from './report';
export * from './export-job';
