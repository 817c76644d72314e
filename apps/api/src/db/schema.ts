// Every table of the product, for drizzle-kit and the typed database handle.
export * from '../core/schema';
export * from '../modules/auth/schema';
export * from '../modules/notification/schema';
export * from '../modules/release-note/schema';
export * from '../core/realtime/schema';
export * from '../modules/data-source/schema';
export * from '../modules/warehouse/stock/schema';
export * from '../modules/warehouse/section/schema';
export * from '../modules/warehouse/product/schema';
export * from '../modules/warehouse/patrimony/schema';
export * from '../modules/warehouse/consumable/schema';
export * from '../modules/warehouse/patrimony-solicitation/schema';
export * from '../modules/warehouse/movement/schema';
export * from '../modules/logistics/schema';
