/** Status chips of projects and tasks. */
import { PROJECT_STATUS_LABELS, TASK_STATUS_LABELS, type ProjectStatus, type TaskStatus } from '@operacoes/contract';
import { ToneChip, type ToneColor } from '../../core/ToneChip';

const PROJECT_COLOR: Record<ProjectStatus, ToneColor> = { planejamento: 'info', em_andamento: 'primary', pausado: 'warning', concluido: 'success', cancelado: 'default' };
export const TASK_COLOR: Record<TaskStatus, ToneColor> = { a_fazer: 'default', em_andamento: 'primary', bloqueada: 'error', concluida: 'success' };
/** Chart colours of task statuses (the theme's palette names do not reach the charts). */
export const TASK_CHART_COLOR: Record<TaskStatus, string> = { a_fazer: '#9e9e9e', em_andamento: '#1976d2', bloqueada: '#d32f2f', concluida: '#2e7d32' };

export const ProjectStatusChip = ({ status }: { status: ProjectStatus }) => <ToneChip label={PROJECT_STATUS_LABELS[status]} color={PROJECT_COLOR[status]} status={status} />;
export const TaskStatusChip = ({ status }: { status: TaskStatus }) => <ToneChip label={TASK_STATUS_LABELS[status]} color={TASK_COLOR[status]} status={status} />;
