import type { ListResult, UserRead } from '@operacoes/contract';
import { api } from '../../core/api';

export type Unit = { id: number; name: string; code?: string | null; organization_id?: number };

export const userKeys = {
  one: (id: number) => ['user', id] as const,
  units: ['unit-organizational', 'all'] as const,
};

export const getUser = async (id: number) => (await api.get<UserRead>(`/user/${id}`)).data;
export const createUser = (b: unknown) => api.post<UserRead>('/user', b);
export const updateUser = (id: number, b: unknown) => api.put<UserRead>(`/user/${id}`, b);
export const deleteUser = (id: number) => api.delete<{ deactivated?: boolean } | ''>(`/user/${id}`);
export const insertUnit = (id: number, unitId: number) => api.put<UserRead>(`/user/${id}/insert/unit/${unitId}`);
export const removeUnit = (id: number, unitId: number) => api.delete<UserRead>(`/user/${id}/remove/unit/${unitId}`);

export async function fetchUnits(): Promise<Unit[]> {
  const r = await api.get<ListResult<Unit>>('/unit-organizational', { params: { page: 1, pageSize: 100 } });
  return r.data.items ?? [];
}
