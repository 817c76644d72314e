/** Fetchers of projects: projects, tasks, linked activities, the dashboard and the people to pick. */
import { projectResource, projectTaskResource, type ProjectActivityOption, type ProjectActivityRead, type ProjectDashboard, type ProjectTaskRead } from '@operacoes/contract';
import { api } from '../../core/api';
import { resourceApi } from '../../core/resource';

export type { ProjectRead, ProjectTaskRead } from '@operacoes/contract';
export const projectApi = resourceApi(projectResource);
export const taskApi = resourceApi(projectTaskResource);

export type Ref = { id: number; name: string };
export const searchPeople = async (term: string) => (await api.get<Ref[]>('/project/people', { params: { search: term || undefined } })).data;
export const getPerson = async (id: number) => (await api.get<Ref[]>('/project/people', { params: { ids: String(id) } })).data[0];

export const tasksKey = (projectId: number) => ['project', projectId, 'tasks'] as const;
export const activitiesKey = (projectId: number) => ['project', projectId, 'activities'] as const;
export const dashboardKey = (projectId: number) => ['project', projectId, 'dashboard'] as const;

export const fetchTasks = async (projectId: number) => (await api.get<ProjectTaskRead[]>(`/project/${projectId}/task`)).data;
export const fetchActivities = async (projectId: number) => (await api.get<ProjectActivityRead[]>(`/project/${projectId}/activity`)).data;
export const searchActivityOptions = async (projectId: number, term: string) => (await api.get<ProjectActivityOption[]>(`/project/${projectId}/activity-options`, { params: { search: term || undefined } })).data;
export const linkActivity = async (projectId: number, activityId: number) => (await api.post<ProjectActivityRead[]>(`/project/${projectId}/activity`, { activity_id: activityId })).data;
export const unlinkActivity = async (projectId: number, activityId: number) => (await api.delete<ProjectActivityRead[]>(`/project/${projectId}/activity/${activityId}`)).data;
export const fetchDashboard = async (projectId: number) => (await api.get<ProjectDashboard>(`/project/${projectId}/dashboard`)).data;

/** `AAAA-MM-DD` as `dd/mm/aaaa` (a calendar date: no time zone shift). */
export const dayLabel = (d: string | null | undefined) => (d ? d.slice(0, 10).split('-').reverse().join('/') : '');
