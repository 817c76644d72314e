/** The packing list PDF (romaneio) of a shipment, fetched with the Bearer token. */
import { openFile } from '../../core/download';
import { SHIPMENT_PATH } from './api';

export async function openPackingList(id: number): Promise<void> {
  try {
    await openFile(`${SHIPMENT_PATH}/${id}/packing-list`, `romaneio-envio-${id}.pdf`);
  } catch {
    /* toasted by the API client */
  }
}
