/** Create or edit a task of a project: title, assignee, dates, progress, status, dependencies, milestone. */
import { Button, Chip, Dialog, DialogContent, DialogTitle, MenuItem, TextField, useMediaQuery, useTheme } from '@mui/material';
import { TASK_STATUSES, TASK_STATUS_LABELS, periodRule, projectTaskInput, type ProjectTaskRead } from '@operacoes/contract';
import { Controller, useFormContext } from 'react-hook-form';
import { enumOptions, FormGrid, FormNumber, FormRecordPicker, FormSelect, FormSwitch, Wide } from '../../core/form';
import { FormDate } from '../../core/form/FormDate';
import { useFieldLabel } from '../../core/form/fieldLabels';
import { FormText, ResourceForm, useSchemaForm } from '../../core/ResourceForm';
import { toast } from '../../core/toast';
import { getPerson, searchPeople, taskApi } from './api';

const schema = projectTaskInput.omit({ project_id: true }).superRefine(...periodRule('starts_on', 'due_on'));

/** The tasks this one waits for (other tasks of the project). */
function DependsOnField({ tasks }: { tasks: ProjectTaskRead[] }) {
  const { control } = useFormContext();
  useFieldLabel('depends_on', 'Depende de');
  return (
    <Controller
      name="depends_on"
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          label="Depende de"
          name={field.name}
          value={(field.value as number[] | undefined) ?? []}
          onChange={(e) => field.onChange(e.target.value as unknown as number[])}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? 'Tarefas que precisam terminar antes desta'}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (ids) => (ids as number[]).map((id) => <Chip key={id} size="small" label={tasks.find((t) => t.id === id)?.title ?? `#${id}`} sx={{ mr: 0.5 }} />),
            },
          }}
        >
          {tasks.length === 0 && <MenuItem disabled>Nenhuma outra tarefa</MenuItem>}
          {tasks.map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.title}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

export function TaskDialog({ projectId, task, tasks, readOnly, onClose, onSaved }: { projectId: number; task: ProjectTaskRead | null; tasks: ProjectTaskRead[]; readOnly: boolean; onClose: () => void; onSaved: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const form = useSchemaForm(
    schema,
    (task
      ? { title: task.title, assignee_id: task.assignee_id, starts_on: task.starts_on, due_on: task.due_on, progress: task.progress, status: task.status, depends_on: task.depends_on, milestone: task.milestone }
      : { title: '', assignee_id: null, starts_on: undefined, due_on: undefined, progress: 0, status: 'a_fazer', depends_on: [], milestone: false }) as never,
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle>{task ? (readOnly ? 'Tarefa' : 'Editar tarefa') : 'Nova tarefa'}</DialogTitle>
      <DialogContent>
        <ResourceForm
          form={form as never}
          guard={false}
          readOnly={readOnly}
          ariaLabel={task ? 'Editar tarefa' : 'Nova tarefa'}
          submitLabel={task ? 'Salvar tarefa' : 'Criar tarefa'}
          actions={
            <Button onClick={onClose} color="inherit">
              {readOnly ? 'Fechar' : 'Cancelar'}
            </Button>
          }
          onSubmit={(values) => (task ? taskApi.update(task.id, values) : taskApi.create({ ...(values as object), project_id: projectId }))}
          onSuccess={() => {
            toast.success(task ? 'Tarefa atualizada!' : 'Tarefa criada!');
            onSaved();
          }}
        >
          <FormGrid>
            <Wide>
              <FormText name="title" label="Título" required />
            </Wide>
            <FormRecordPicker name="assignee_id" label="Responsável" queryKey={['project', 'people']} search={searchPeople} get={getPerson} getLabel={(p) => p.name} initial={task?.assignee ?? null} />
            <FormSelect name="status" label="Situação" required options={enumOptions(TASK_STATUSES, TASK_STATUS_LABELS)} />
            <FormDate name="starts_on" label="Início" />
            <FormDate name="due_on" label="Prazo" />
            <FormNumber name="progress" label="Progresso (%)" helperText="De 0 a 100" />
            <FormSwitch name="milestone" label="Marco" helperText="Um ponto de controle do projeto" />
            <Wide>
              <DependsOnField tasks={tasks.filter((t) => t.id !== task?.id)} />
            </Wide>
          </FormGrid>
        </ResourceForm>
      </DialogContent>
    </Dialog>
  );
}
