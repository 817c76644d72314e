import type { ListResult, unitRead, UserRead } from '@operacoes/contract';
import type { z } from 'zod';
import { api } from '../../core/api';

export type UnitRead = z.infer<typeof unitRead>;

export const unitKeys = {
  all: ['unit-organizational'] as const,
  ofOrganization: (orgId: number) => ['unit-organizational', 'org', orgId] as const,
  one: (id: number) => ['unit-organizational', id] as const,
  members: (id: number) => ['unit-organizational', id, 'members'] as const,
};

export async function fetchUnitsOf(organizationId: number): Promise<UnitRead[]> {
  const r = await api.get<ListResult<UnitRead>>('/unit-organizational', { params: { organization_id: organizationId, page: 1, pageSize: 100 } });
  return r.data.items;
}
export const getUnit = async (id: number) => (await api.get<UnitRead>(`/unit-organizational/${id}`)).data;
export const createUnit = async (b: unknown) => (await api.post<UnitRead>('/unit-organizational', b)).data;
export const updateUnit = async (id: number, b: unknown) => (await api.put<UnitRead>(`/unit-organizational/${id}`, b)).data;
export const deleteUnit = (id: number) => api.delete(`/unit-organizational/${id}`);

export async function fetchMembers(unitId: number): Promise<ListResult<UserRead>> {
  return (await api.get<ListResult<UserRead>>('/user', { params: { unitId, page: 1, pageSize: 100 } })).data;
}
export const addMember = (userId: number, unitId: number) => api.put<UserRead>(`/user/${userId}/insert/unit/${unitId}`);
export const removeMember = (userId: number, unitId: number) => api.delete<UserRead>(`/user/${userId}/remove/unit/${unitId}`);

/** The caller's organization's units by name (pickers of other modules: a stock's unit, a shipment's destination). */
export const fetchUnitOptions = async () =>
  (await api.get<ListResult<UnitRead>>('/unit-organizational', { params: { pageSize: 100, sort: 'name' } })).data.items;
