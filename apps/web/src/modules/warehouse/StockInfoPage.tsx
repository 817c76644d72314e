/** /stock/info/:id: a stock with its sections, consumable balances (and their operations), patrimony inside and recent movements. */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatDateTime } from '../../core/format';
import { useCan } from '../../core/permissions';
import { InfoPage, useListActions } from '../../core/resource';
import { ResourceList } from '../../core/ResourceList';
import { fetchSectionsOf, sectionApi, stockApi, whKeys, type SectionRead } from './api';
import { sectionColumns } from './columns';
import { usePlaceTabs } from './panels';

export default function StockInfoPage() {
  const stockId = Number(useParams().id);
  // A page never asks for what the user may not read: sections need SECTION or SECTION.INDEX.
  const canReadSections = sectionApi.canRead(useCan().user);
  const sections = useQuery({ queryKey: whKeys.sectionsOf(stockId), queryFn: () => fetchSectionsOf(stockId), enabled: canReadSections });
  const sectionActions = useListActions(sectionApi, { name: (x) => x.name, info: (x) => `/section/info/${x.id}`, remove: false });
  const placeTabs = usePlaceTabs();
  return (
    <InfoPage
      resource={stockApi}
      subtitle={(s) => `${s.code} · ${s.unit_organizational?.name ?? ''}`}
      details={(s) => [
        ['Unidade', s.unit_organizational?.name],
        ['Seções', String(s.section_count)],
        ['Endereço', s.address],
        ['Descrição', s.description],
        ['Atualizado em', formatDateTime(s.updated_at)],
      ]}
      tabs={(s) => [
        {
          value: 'secoes',
          label: `Seções (${s.section_count})`,
          hidden: !canReadSections,
          content: (
            <ResourceList<SectionRead>
              {...sectionActions}
              resource={`/section?stock=${s.id}`}
              ariaLabel="Seções do estoque"
              columns={sectionColumns.filter((c) => c.field !== 'stock_id')}
              searchPlaceholder="Pesquisar seção"
              createPath={`/section/create?stock=${s.id}`}
            />
          ),
        },
        ...placeTabs('stock', s.id, `/stock/${s.id}/balances`, sections.data ?? []),
      ]}
    />
  );
}
