/**
 * /project/create and /project/edit/:id: the project's data; once saved, its tasks (list and Gantt)
 * and its external activities, below the form (each with its own dialogs and saves).
 */
import InsightsIcon from '@mui/icons-material/Insights';
import { Box, Button } from '@mui/material';
import { PROJECT_STATUSES, PROJECT_STATUS_LABELS, periodRule, projectInput } from '@operacoes/contract';
import { Link, useParams } from 'react-router';
import { enumOptions, FormGrid, FormNumber, FormRecordPicker, FormSelect, Wide } from '../../core/form';
import { FormDate } from '../../core/form/FormDate';
import { ResourcePage } from '../../core/resource';
import { FormText } from '../../core/ResourceForm';
import { blankToNull } from '../../core/schema-helpers';
import { Section } from '../../core/Section';
import { FormUnitSelect } from '../unit-organizational';
import { getPerson, projectApi, searchPeople } from './api';
import { ActivitiesSection } from './ActivitiesSection';
import { TasksSection } from './TasksSection';

const schema = projectInput
  .extend({ budget: blankToNull(projectInput.shape.budget), client: blankToNull(projectInput.shape.client), description: blankToNull(projectInput.shape.description) })
  .superRefine(...periodRule('starts_on', 'ends_on'));

const blank = { code: '', name: '', client: '', manager_id: undefined as never, unit_organizational_id: undefined as never, starts_on: undefined as never, ends_on: undefined as never, budget: '', status: 'planejamento' as const, description: '' };

export default function ProjectFormPage() {
  const { id } = useParams();
  const projectId = id ? Number(id) : null;
  return (
    <>
      <ResourcePage resource={projectApi} schema={schema} blank={blank} subtitle={(p) => `${p.code} · ${p.name}`} toForm={(p) => ({ budget: (p.budget?.replace('.', ',') ?? '') as never })} savedTo={(p) => `/project/edit/${p.id}`}>
        {(project) => (
          <>
            {project && (
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
                <Button component={Link} to={`/project/dashboard/${project.id}`} startIcon={<InsightsIcon />} variant="outlined">
                  Painel do projeto
                </Button>
              </Box>
            )}
            <Section title="Projeto">
              <FormGrid>
                <FormText name="code" label="Código" required helperText="Único na organização, ex.: PRJ-FTTH-PG" />
                <FormText name="name" label="Nome" required />
                <FormText name="client" label="Cliente" />
                <FormSelect name="status" label="Situação" required options={enumOptions(PROJECT_STATUSES, PROJECT_STATUS_LABELS)} />
                <FormRecordPicker name="manager_id" label="Gerente" required queryKey={['project', 'people']} search={searchPeople} get={getPerson} getLabel={(p) => p.name} initial={project?.manager ?? null} />
                <FormUnitSelect required />
                <FormDate name="starts_on" label="Início" />
                <FormDate name="ends_on" label="Término" />
                <FormNumber name="budget" label="Orçamento (R$)" money placeholder="0,00" />
                <Wide>
                  <FormText name="description" label="Descrição" multiline minRows={3} />
                </Wide>
              </FormGrid>
            </Section>
          </>
        )}
      </ResourcePage>
      {projectId && (
        <Box sx={{ maxWidth: 1000, mt: 2 }}>
          <TasksSection projectId={projectId} />
          <ActivitiesSection projectId={projectId} />
        </Box>
      )}
    </>
  );
}
