/** The ordered checklist of an assistance type: text, kind of answer and "obrigatório", with move up/down and remove. */
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { CHECKLIST_KINDS, CHECKLIST_KIND_LABELS } from '@operacoes/contract';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { enumOptions, FormSelect, FormSwitch } from '../../core/form';
import { useFormReadOnly } from '../../core/readOnly';
import { FormText } from '../../core/ResourceForm';

export function ChecklistEditor() {
  const { control } = useFormContext();
  const readOnly = useFormReadOnly();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'checklist', keyName: 'rowKey' });
  return (
    <Box>
      {fields.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          Nenhum item ainda. O técnico responde os itens no celular, durante o atendimento.
        </Typography>
      )}
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {fields.map((f, i) => (
          <Paper key={f.rowKey} component="li" variant="outlined" aria-label={`Item ${i + 1} do checklist`} sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
            <Typography sx={{ fontWeight: 600, pt: 1, minWidth: 20 }}>{i + 1}.</Typography>
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <FormText name={`checklist.${i}.label`} label="Texto do item" required fullWidth />
            </Box>
            <Box sx={{ width: { xs: '100%', sm: 170 } }}>
              <FormSelect name={`checklist.${i}.kind`} label="Resposta" required options={enumOptions(CHECKLIST_KINDS, CHECKLIST_KIND_LABELS)} />
            </Box>
            <FormSwitch name={`checklist.${i}.required`} label="Obrigatório" />
            {!readOnly && (
              <Box sx={{ display: 'flex' }}>
                <Tooltip title="Subir">
                  <span>
                    <IconButton aria-label={`Subir o item ${i + 1}`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                      <ArrowUpwardIcon />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Descer">
                  <span>
                    <IconButton aria-label={`Descer o item ${i + 1}`} disabled={i === fields.length - 1} onClick={() => move(i, i + 1)}>
                      <ArrowDownwardIcon />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Remover">
                  <IconButton aria-label={`Remover o item ${i + 1}`} onClick={() => remove(i)}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </Box>
            )}
          </Paper>
        ))}
      </Stack>
      {!readOnly && (
        <Button startIcon={<AddIcon />} sx={{ mt: 1 }} onClick={() => append({ label: '', kind: 'sim_nao', required: false })}>
          Adicionar item
        </Button>
      )}
    </Box>
  );
}
