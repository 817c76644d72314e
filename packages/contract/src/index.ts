export * from './common';
export * from './permissions';
export * from './session';
export * from './user';
export * from './notification';
export * from './release-note';
export * from './auth';
export * from './revision';
