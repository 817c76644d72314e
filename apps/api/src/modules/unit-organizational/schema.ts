/** The organizational units table live in core (`core/schema/unit-organizational`): the core reads them; this module owns their routes. */
export { unitsOrganizational } from '../../core/schema/unit-organizational';
