export * from './module';
export * from './assistance-type';
export * from './external-activity';
export * from './rights';
