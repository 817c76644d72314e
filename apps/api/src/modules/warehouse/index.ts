import type { FastifyInstance } from 'fastify';
import { registerAfterCommit } from '../../core/after-commit';
import { consumableRoutes } from './consumable/routes';
import { movementRoutes } from './movement/routes';
import { myPatrimonyRoutes } from './my-patrimony/routes';
import { solicitationRoutes } from './patrimony-solicitation/routes';
import { patrimonyRoutes } from './patrimony/routes';
import { productRoutes } from './product/routes';
import { sectionRoutes } from './section/routes';
import { stockRoutes } from './stock/routes';
import { vanRoutes } from './van/routes';
import { warehouseSummaryRoutes } from './summary/routes';

/**
 * Warehouse (almoxarifado), DESIGN §4: stocks, sections, products, patrimony,
 * consumables, movements, patrimony solicitations, my patrimony, the hub summary and technicians' vans.
 */
export async function warehouseRoutes(app: FastifyInstance) {
  registerAfterCommit(app);
  await stockRoutes(app);
  await sectionRoutes(app);
  await productRoutes(app);
  await patrimonyRoutes(app);
  await consumableRoutes(app);
  await movementRoutes(app);
  await solicitationRoutes(app);
  await myPatrimonyRoutes(app);
  await warehouseSummaryRoutes(app);
  await vanRoutes(app);
}

/** The warehouse tables other modules may read (logistics ships their items, its demo picks them). */
export { patrimonies } from './patrimony/schema';
export { products } from './product/schema';
export { sections } from './section/schema';
export { stocks } from './stock/schema';
export { movements } from './movement/schema';
export { patrimonySolicitations } from './patrimony-solicitation/schema';
export { consumableBalances } from './consumable/schema';
export { patrimonySolicitationItems } from './patrimony-solicitation/schema';

/** The stock movements other modules record (logistics dispatches and receives items) and the names of warehouse rows. */
export { type PatrimonyRow, addToBalance, movePatrimony, recordQuantityMovement, takeFromBalance } from './movement/service';
export { type Refs, loadRefs, stocksOfUnits } from './shared';
export { patrimonySearchText } from './patrimony/routes';
/** Technicians' vans: which one is a user's, and the condition of the sections that are nobody's van. */
export { presentVans, visibleVans } from './van/routes';

