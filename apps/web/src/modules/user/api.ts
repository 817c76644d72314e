import type { ListResult, OrganizationRead, unitRead, UserRead } from '@operacoes/contract';
import type { z } from 'zod';
import { api } from '../../core/api';

export type Unit = z.infer<typeof unitRead>;

export const userKeys = {
  one: (id: number) => ['user', id] as const,
  units: (organizationId: number | null) => ['unit-organizational', 'for-user', organizationId] as const,
  organizations: ['organization', 'for-user'] as const,
};

export const getUser = async (id: number) => (await api.get<UserRead>(`/user/${id}`)).data;
export const createUser = (b: unknown) => api.post<UserRead>('/user', b);
export const updateUser = (id: number, b: unknown) => api.put<UserRead>(`/user/${id}`, b);
export const deleteUser = (id: number) => api.delete<{ deactivated?: boolean } | ''>(`/user/${id}`);
export const insertUnit = (id: number, unitId: number) => api.put<UserRead>(`/user/${id}/insert/unit/${unitId}`);
export const removeUnit = (id: number, unitId: number) => api.delete<UserRead>(`/user/${id}/remove/unit/${unitId}`);

/** Units a user can be placed in: those of one organization (super admins), or the caller's own. */
export async function fetchUnits(organizationId?: number): Promise<Unit[]> {
  const params = { page: 1, pageSize: 100, ...(organizationId ? { organization_id: organizationId } : {}) };
  const r = await api.get<ListResult<Unit>>('/unit-organizational', { params });
  return r.data.items ?? [];
}

export type OrganizationOption = Pick<OrganizationRead, 'id' | 'fantasy_name'>;

/** Every organization, for a super admin's choice of where a new user belongs. */
export async function fetchOrganizations(): Promise<OrganizationOption[]> {
  // Pages of the API's maximum (100) until the last one.
  const all: OrganizationOption[] = [];
  for (let page = 1; ; page++) {
    const r = await api.get<ListResult<OrganizationOption>>('/organization', { params: { page, pageSize: 100, sort: 'fantasy_name' } });
    all.push(...(r.data.items ?? []));
    if (page >= r.data.total_pages) return all;
  }
}
