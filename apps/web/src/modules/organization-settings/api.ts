import type { SectionSettings, SettingsSection } from '@operacoes/contract';
import { api } from '../../core/api';

export const settingsKeys = { section: (s: SettingsSection) => ['organization-settings', s] as const };

export const getSettings = async <S extends SettingsSection>(section: S) =>
  (await api.get<SectionSettings<S>>(`/organization-settings/${section}`)).data;
export const saveSettings = async <S extends SettingsSection>(section: S, body: unknown) =>
  (await api.put<SectionSettings<S>>(`/organization-settings/${section}`, body)).data;
