import type { OrganizationRead } from '@operacoes/contract';
import { api } from '../../core/api';

export const orgKeys = {
  list: ['list', '/organization'] as const,
  one: (id: number) => ['organization', id] as const,
};

export const getOrganization = async (id: number) => (await api.get<OrganizationRead>(`/organization/${id}`)).data;
export const createOrganization = async (b: unknown) => (await api.post<OrganizationRead>('/organization', b)).data;
export const updateOrganization = async (id: number, b: unknown) => (await api.put<OrganizationRead>(`/organization/${id}`, b)).data;
export const deleteOrganization = (id: number) => api.delete(`/organization/${id}`);
export async function uploadLogo(id: number, file: File) {
  const fd = new FormData();
  fd.append('file', file);
  return (await api.post<{ logo: string }>(`/organization/${id}/logo`, fd)).data;
}
