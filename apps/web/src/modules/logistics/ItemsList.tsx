/** Read-only items of a request or shipment, with the receiving status and comment of each. */
import { Box, Chip, Paper, Typography } from '@mui/material';
import type { ShipmentItem } from './api';
import { formatQuantity } from './format';
import { ItemStatusChip } from './StatusChip';

export function ItemsList({ items, showReceived = false, ariaLabel = 'Itens' }: { items: ShipmentItem[]; showReceived?: boolean; ariaLabel?: string }) {
  if (items.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Nenhum item.
      </Typography>
    );
  return (
    <Box component="ul" aria-label={ariaLabel} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {items.map((i) => (
        <Paper
          key={i.id}
          component="li"
          variant="outlined"
          aria-label={i.patrimony ? `Item ${i.patrimony.tag}` : `Item ${i.product.code}`}
          data-received={i.received_status}
          sx={{ p: 1.25, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        >
          <Box sx={{ flex: 1, minWidth: 180 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" variant="outlined" label={i.patrimony ? 'Patrimônio' : 'Consumível'} />
              {i.patrimony && (
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {i.patrimony.tag}
                </Typography>
              )}
            </Box>
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {i.product.code} · {i.product.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {[i.patrimony?.serial ? `Série ${i.patrimony.serial}` : null, i.section ? `Seção de origem ${i.section.name}` : null].filter(Boolean).join(' · ')}
            </Typography>
            {showReceived && i.comment && (
              <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                “{i.comment}”
              </Typography>
            )}
          </Box>
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {formatQuantity(i.quantity, i.product.unit_of_measure)}
          </Typography>
          {showReceived && <ItemStatusChip status={i.received_status} />}
        </Paper>
      ))}
    </Box>
  );
}
