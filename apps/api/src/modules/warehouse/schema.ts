// The warehouse's tables, for its own files (other modules import them through ./index.ts).
export * from './consumable/schema';
export * from './movement/schema';
export * from './patrimony/schema';
export * from './patrimony-solicitation/schema';
export * from './product/schema';
export * from './section/schema';
export * from './stock/schema';
