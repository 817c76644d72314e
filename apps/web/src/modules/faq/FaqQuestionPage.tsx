/** /faq/create and /faq/edit/:id: a question, its category, its answer (TinyMCE) and whether readers see it. */
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { faqQuestionInput } from '@operacoes/contract';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FormRichText, FormSelect, FormSwitch } from '../../core/form';
import { ResourcePage } from '../../core/resource';
import { FormText } from '../../core/ResourceForm';
import { Section } from '../../core/Section';
import { faqKeys, faqQuestionApi, fetchCategories } from './resource';

export default function FaqQuestionPage() {
  const [params] = useSearchParams();
  // "Nova pergunta nesta categoria" opens /faq/create?category=ID.
  const preset = Number(params.get('category')) || undefined;
  const categories = useQuery({ queryKey: faqKeys.categories, queryFn: fetchCategories });
  const options = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <ResourcePage
      resource={faqQuestionApi}
      schema={faqQuestionInput}
      blank={{ category_id: preset, question: '', answer: '', is_active: true }}
      savedTo={() => '/faq'}
      invalidates={() => [faqKeys.categories]}
      maxWidth={900}
    >
      {() => (
        <Section title="Pergunta e resposta">
          {categories.isSuccess && options.length === 0 && (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" component={RouterLink} to="/faq">
                  Ir para a FAQ
                </Button>
              }
            >
              Crie uma categoria na página da FAQ antes de cadastrar perguntas.
            </Alert>
          )}
          <Stack spacing={2}>
            <FormSelect name="category_id" label="Categoria" required options={options} />
            <FormText name="question" label="Pergunta" required fullWidth placeholder="Ex.: Como solicito a saída de um patrimônio?" />
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }} id="faq-answer-label">
                Resposta *
              </Typography>
              <FormRichText name="answer" label="Resposta" height={320} />
            </Box>
            <FormSwitch name="is_active" label="Pergunta ativa" helperText="Perguntas inativas ficam ocultas para quem só lê a FAQ." />
          </Stack>
        </Section>
      )}
    </ResourcePage>
  );
}
