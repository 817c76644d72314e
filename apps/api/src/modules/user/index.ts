/** Users and persons (`/api/user`); the tables live in core/schema. */
export { userRoutes } from './routes';
export { loadUser, presentUsers } from './present';
export { persons, users, userUnits } from './schema';
export { seedApiTokenDemo, seedUnitScopeDemo } from './seed';
export { usersOfUnits } from './scope';
