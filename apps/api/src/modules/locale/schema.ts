/** The locale tables live in core (`core/schema/locale`): the core reads them; this module owns their routes. */
export { countries, states, cities } from '../../core/schema/locale';
