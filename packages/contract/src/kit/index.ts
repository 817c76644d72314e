/** The contract's kit: shared schema pieces, validators and the descriptors modules are declared with. */
export * from './common';
export * from './define';
export * from './validators';
export * from './workflow';
export * from './cross-field';
export * from './time-zone';
