import type { MovementRead } from '@operacoes/contract';
import type { DbOrTx } from '../../../core/db';
import { iso, num, refOf } from '../../../core/rows';
import { documentText, type MovementRow } from './service';
import { patrimonyTags } from './tags';
import { loadRefs } from '../shared';

/** Movement rows → the read shape; names loaded in one round trip. Patrimony tags come along. */
export async function presentMovements(rows: (MovementRow & { tag?: string | null })[], db: DbOrTx): Promise<MovementRead[]> {
  if (rows.length === 0) return [];
  const refs = await loadRefs(db, {
    products: rows.map((r) => r.product_id),
    sections: rows.flatMap((r) => [r.from_section_id, r.to_section_id]),
    stocks: rows.flatMap((r) => [r.from_stock_id, r.to_stock_id]),
    users: rows.flatMap((r) => [r.from_holder_id, r.to_holder_id, r.user_id]),
  });
  let tags = new Map<number, string>();
  const missing = rows.filter((r) => r.patrimony_id && r.tag === undefined).map((r) => r.patrimony_id!);
  if (missing.length) {
    tags = await patrimonyTags(db, missing);
  }
  return rows.map((r) => {
    const product = refs.products.get(r.product_id);
    return {
      id: r.id,
      type: r.type,
      product: product ? { id: product.id, code: product.code, name: product.name } : { id: r.product_id, code: '', name: '' },
      patrimony: r.patrimony_id ? { id: r.patrimony_id, tag: r.tag ?? tags.get(r.patrimony_id) ?? '' } : null,
      quantity: num(r.quantity),
      from_stock: refOf(refs.stocks, r.from_stock_id),
      from_section: refOf(refs.sections, r.from_section_id),
      to_stock: refOf(refs.stocks, r.to_stock_id),
      to_section: refOf(refs.sections, r.to_section_id),
      from_holder: refOf(refs.users, r.from_holder_id),
      to_holder: refOf(refs.users, r.to_holder_id),
      from_status: r.from_status,
      to_status: r.to_status,
      user: refOf(refs.users, r.user_id),
      reason: r.reason,
      document: documentText(r.document),
      solicitation_id: r.solicitation_id,
      created_at: iso(r.created_at)!,
    };
  });
}
