export * from './module';
export * from './faq';
