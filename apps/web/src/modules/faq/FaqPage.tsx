/**
 * /faq: the questions in an accordion grouped by category, in order, with a folded search and
 * "Foi útil?" votes. Everyone logged in reads; ORG and super admins (writers) also see inactive
 * questions and the vote counts, manage the categories (dialog), reorder with up/down buttons and
 * create/edit questions at /faq/create and /faq/edit/:id.
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import ThumbDownOutlinedIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type FaqCategoryRead, type FaqMoveDirection, type FaqQuestionRead, faqCategoryInput } from '@operacoes/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../core/PageTitle';
import { listKey, useRemove, useResourceForm } from '../../core/resource';
import { FormText, ResourceForm } from '../../core/ResourceForm';
import { useDebounced } from '../../core/ResourceList';
import { useCan } from '../../core/permissions';
import { RichText } from '../../core/RichText';
import {
  faqCategoryApi,
  faqKeys,
  faqQuestionApi,
  fetchCategories,
  fetchQuestions,
  moveCategory,
  moveQuestion,
  refreshFaq,
  sendFeedback,
} from './resource';
import { SearchField } from '../../core/SearchField';

/** An answer: HTML sanitized by the server (DESIGN §1). */
function Answer({ html }: { html: string }) {
  return (
    <RichText html={html} sx={{ '& table': { display: 'block', overflowX: 'auto' }, '& p:first-of-type': { mt: 0 } }} />
  );
}

/**
 * After a move the list re-renders in its new order: give the focus back to the same button (or,
 * at an end where it is now disabled, to its sibling) so that a keyboard user can keep moving.
 */
function refocus(key: string) {
  requestAnimationFrame(() => {
    const same = document.querySelector<HTMLButtonElement>(`[data-move="${key}"]:not([disabled])`);
    const other = document.querySelector<HTMLButtonElement>(`[data-move="${key.replace(/:(up|down)$/, (_, d: string) => (d === 'up' ? ':down' : ':up'))}"]:not([disabled])`);
    (same ?? other)?.focus();
  });
}

/**
 * Up/down buttons of one row (a category, or a question in its category). While a move runs a
 * click is ignored rather than the button disabled: disabling it would take the keyboard focus away.
 */
function MoveButtons({ name, what, id, index, count, onMove, busy }: { name: string; what: string; id: number; index: number; count: number; onMove: (d: FaqMoveDirection) => void; busy: boolean }) {
  return (
    <>
      <Tooltip title="Mover para cima">
        <span>
          <IconButton size="small" aria-label={`Mover ${what} "${name}" para cima`} data-move={`${what}-${id}:up`} disabled={index === 0} onClick={() => !busy && onMove('up')}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Mover para baixo">
        <span>
          <IconButton size="small" aria-label={`Mover ${what} "${name}" para baixo`} data-move={`${what}-${id}:down`} disabled={index === count - 1} onClick={() => !busy && onMove('down')}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}

/** "Foi útil? Sim / Não", a thank-you after voting, and the counts for writers. */
function Feedback({ q, writer }: { q: FaqQuestionRead; writer: boolean }) {
  const qc = useQueryClient();
  const [thanked, setThanked] = useState(false);
  const vote = useMutation({
    mutationFn: (useful: boolean) => sendFeedback(q.id, useful),
    onSuccess: (saved) => {
      // The answer is the question as this user now sees it: put it in every loaded list.
      qc.setQueriesData<unknown>({ queryKey: listKey(faqQuestionApi.path) }, (old: unknown) => (Array.isArray(old) ? old.map((x: FaqQuestionRead) => (x.id === saved.id ? saved : x)) : old));
      setThanked(true);
    },
  });
  const choose = (useful: boolean) => vote.mutate(useful);
  return (
    <Box sx={{ mt: 2, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} role="group" aria-label="Foi útil?">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Foi útil?
        </Typography>
        <Button size="small" variant={q.my_vote === true ? 'contained' : 'outlined'} startIcon={<ThumbUpOutlinedIcon />} aria-pressed={q.my_vote === true} disabled={vote.isPending} onClick={() => choose(true)}>
          Sim
        </Button>
        <Button size="small" variant={q.my_vote === false ? 'contained' : 'outlined'} color="inherit" startIcon={<ThumbDownOutlinedIcon />} aria-pressed={q.my_vote === false} disabled={vote.isPending} onClick={() => choose(false)}>
          Não
        </Button>
        {writer && q.useful_count !== null && (
          <Typography variant="caption" color="text.secondary" data-testid="faq-votes">
            {q.useful_count} {q.useful_count === 1 ? 'achou' : 'acharam'} útil · {q.not_useful_count} não
          </Typography>
        )}
      </Stack>
      <Typography variant="body2" color={thanked ? 'success.main' : 'text.secondary'} role="status" sx={{ mt: 0.5, minHeight: '1.5em' }}>
        {thanked ? 'Obrigado pela sua avaliação!' : q.my_vote === true ? 'Você marcou esta resposta como útil.' : q.my_vote === false ? 'Você marcou esta resposta como não útil.' : ''}
      </Typography>
    </Box>
  );
}

function QuestionItem({ q, index, count, writer, searching }: { q: FaqQuestionRead; index: number; count: number; writer: boolean; searching: boolean }) {
  const qc = useQueryClient();
  const remove = useRemove(faqQuestionApi, { title: () => `Excluir a pergunta "${q.question}"?`, text: 'A pergunta, a resposta e as avaliações serão excluídas. Esta ação não pode ser desfeita.' });
  const move = useMutation({
    mutationFn: (d: FaqMoveDirection) => moveQuestion(q.id, d),
    onSuccess: async (_r, d) => {
      await refreshFaq(qc);
      refocus(`pergunta-${q.id}:${d}`);
    },
  });
  return (
    <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }} sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`faq-q-${q.id}`} id={`faq-q-${q.id}-summary`}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{q.question}</Typography>
          {!q.is_active && <Chip size="small" label="Inativa" variant="outlined" />}
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`faq-q-${q.id}`}>
        <Answer html={q.answer} />
        <Feedback q={q} writer={writer} />
        {writer && (
          <Stack direction="row" spacing={0.5} sx={{ mt: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {/* Reordering is done on the whole list (a search shows only part of it). */}
            {!searching && <MoveButtons name={q.question} what="pergunta" id={q.id} index={index} count={count} busy={move.isPending} onMove={(d) => move.mutate(d)} />}
            <Button size="small" startIcon={<EditIcon />} component={RouterLink} to={`/faq/edit/${q.id}`} aria-label={`Editar a pergunta "${q.question}"`}>
              Editar
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              aria-label={`Excluir a pergunta "${q.question}"`}
              onClick={async () => {
                if (await remove(q.id, q.question)) void refreshFaq(qc);
              }}
            >
              Excluir
            </Button>
          </Stack>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/** Create or rename a category (name and an optional line under it). */
function CategoryForm({ category, onDone }: { category: FaqCategoryRead | null; onDone: () => void }) {
  const f = useResourceForm(faqCategoryApi, category, {
    schema: faqCategoryInput,
    blank: { name: '', description: '' },
    savedTo: () => null,
    onSaved: onDone,
  });
  return (
    <ResourceForm {...f} cancelTo={undefined} guard={false} ariaLabel="Categoria" submitLabel={category ? 'Salvar' : 'Criar categoria'} actions={<Button color="inherit" onClick={onDone}>Cancelar</Button>}>
      <Stack spacing={2} sx={{ mt: 1 }}>
        <FormText name="name" label="Nome da categoria" required autoFocus fullWidth />
        <FormText name="description" label="Descrição (opcional)" fullWidth helperText="Uma linha exibida abaixo do nome da categoria." />
      </Stack>
    </ResourceForm>
  );
}

function CategorySection({
  category,
  questions,
  index,
  count,
  writer,
  searching,
  onEdit,
}: {
  category: FaqCategoryRead;
  questions: FaqQuestionRead[];
  index: number;
  count: number;
  writer: boolean;
  searching: boolean;
  onEdit: () => void;
}) {
  const qc = useQueryClient();
  const remove = useRemove(faqCategoryApi, { text: 'Só é possível excluir uma categoria sem perguntas. Esta ação não pode ser desfeita.' });
  const move = useMutation({
    mutationFn: (d: FaqMoveDirection) => moveCategory(category.id, d),
    onSuccess: async (_r, d) => {
      await refreshFaq(qc);
      refocus(`categoria-${category.id}:${d}`);
    },
  });
  return (
    <Box component="section" aria-labelledby={`faq-cat-${category.id}`} sx={{ mb: 3 }} data-testid="faq-category">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap', mb: 1 }}>
        <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
          <Typography variant="h6" component="h2" id={`faq-cat-${category.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {category.name}
          </Typography>
          {category.description && (
            <Typography variant="body2" color="text.secondary">
              {category.description}
            </Typography>
          )}
        </Box>
        {writer && (
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            {!searching && <MoveButtons name={category.name} what="categoria" id={category.id} index={index} count={count} busy={move.isPending} onMove={(d) => move.mutate(d)} />}
            <Tooltip title="Nova pergunta nesta categoria">
              <IconButton size="small" component={RouterLink} to={`/faq/create?category=${category.id}`} aria-label={`Nova pergunta na categoria "${category.name}"`}>
                <PlaylistAddIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Editar categoria">
              <IconButton size="small" aria-label={`Editar a categoria "${category.name}"`} onClick={onEdit}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Excluir categoria">
              <IconButton size="small" aria-label={`Excluir a categoria "${category.name}"`} onClick={() => void remove(category.id, category.name)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        )}
      </Box>
      {questions.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          Nenhuma pergunta nesta categoria.
        </Typography>
      ) : (
        <Box>
          {questions.map((q, i) => (
            <QuestionItem key={q.id} q={q} index={i} count={questions.length} writer={writer} searching={searching} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function LoadingFaq() {
  return (
    <Box role="status" aria-busy="true" aria-label="Carregando perguntas">
      {[0, 1].map((i) => (
        <Box key={i} sx={{ mb: 3 }}>
          <Skeleton variant="text" width="40%" height={36} />
          {[0, 1, 2].map((j) => (
            <Skeleton key={j} variant="rectangular" height={48} sx={{ mb: 0.5, borderRadius: 1 }} />
          ))}
        </Box>
      ))}
    </Box>
  );
}

export default function FaqPage() {
  const { user } = useCan();
  const writer = faqQuestionApi.canWrite(user);
  // On a phone the title keeps the whole width and the writer's buttons go under it.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 300);
  const [editing, setEditing] = useState<FaqCategoryRead | 'new' | null>(null);
  const categories = useQuery({ queryKey: faqKeys.categories, queryFn: fetchCategories });
  const questions = useQuery({ queryKey: faqKeys.questions(term), queryFn: () => fetchQuestions(term), placeholderData: keepPreviousData });
  const searching = term !== '';
  const loading = categories.isLoading || questions.isLoading;
  const allCategories = categories.data ?? [];
  const found = questions.data ?? [];
  // Categories in order, each with its questions (already in order); readers and searches skip empty ones.
  const groups = allCategories
    .map((c, i) => ({ category: c, index: i, questions: found.filter((q) => q.category_id === c.id) }))
    .filter((g) => g.questions.length > 0 || (writer && !searching));
  const empty = !loading && !searching && found.length === 0;

  const newQuestion = (
    <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/faq/create">
      Nova pergunta
    </Button>
  );
  const newCategory = (
    <Button variant={allCategories.length ? 'outlined' : 'contained'} startIcon={<CreateNewFolderIcon />} onClick={() => setEditing('new')}>
      Nova categoria
    </Button>
  );

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageTitle
        title="Perguntas frequentes"
        subtitle="Respostas para as dúvidas mais comuns da equipe"
        actions={
          writer &&
          !phone && (
            <>
              {newCategory}
              {allCategories.length > 0 && newQuestion}
            </>
          )
        }
      />
      {writer && phone && (
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          {newCategory}
          {allCategories.length > 0 && newQuestion}
        </Stack>
      )}
      <SearchField label="Pesquisar nas perguntas e respostas" value={search} onChange={setSearch} fullWidth size="small" sx={{ mb: 1 }} />
      <Box sx={{ height: 4, mb: 2 }}>{questions.isFetching && !loading && <LinearProgress aria-label="Pesquisando" />}</Box>
      {loading ? (
        <LoadingFaq />
      ) : categories.isError || questions.isError ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography>Não foi possível carregar as perguntas.</Typography>
          <Button sx={{ mt: 1 }} onClick={() => void Promise.all([categories.refetch(), questions.refetch()])}>
            Tentar novamente
          </Button>
        </Paper>
      ) : (
        <>
          {empty && (
            <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', mb: 3 }} data-testid="faq-empty">
              <Typography variant="h6" component="p">
                Nenhuma pergunta cadastrada
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {writer
                  ? allCategories.length
                    ? 'Cadastre a primeira pergunta e sua resposta.'
                    : 'Crie uma categoria (por exemplo, "Almoxarifado") e depois cadastre as perguntas.'
                  : 'Ainda não há perguntas frequentes publicadas pela sua organização.'}
              </Typography>
              {writer && <Box sx={{ mt: 2 }}>{allCategories.length ? newQuestion : newCategory}</Box>}
            </Paper>
          )}
          {searching && found.length === 0 && (
            <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} role="status">
              <Typography>Nenhuma pergunta encontrada para “{term}”.</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                Tente outras palavras; acentos e maiúsculas não importam.
              </Typography>
            </Paper>
          )}
          {searching && found.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} role="status">
              {found.length === 1 ? '1 pergunta encontrada' : `${found.length} perguntas encontradas`}
            </Typography>
          )}
          {groups.map((g) => (
            <CategorySection
              key={g.category.id}
              category={g.category}
              questions={g.questions}
              index={g.index}
              count={allCategories.length}
              writer={writer}
              searching={searching}
              onEdit={() => setEditing(g.category)}
            />
          ))}
        </>
      )}
      <Dialog open={editing !== null} onClose={() => setEditing(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{editing === 'new' ? 'Nova categoria' : 'Editar categoria'}</DialogTitle>
        <DialogContent>{editing !== null && <CategoryForm category={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}</DialogContent>
      </Dialog>
    </Box>
  );
}
