/** The person, user and user-unit tables live in core (`core/schema/user`): the core reads them; this module owns their routes. */
export { persons, users, userUnits } from '../../core/schema/user';
