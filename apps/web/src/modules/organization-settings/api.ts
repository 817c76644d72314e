import type { SectionSettings, SettingsSection } from '@operacoes/contract';
import { api } from '../../core/api';
import { ifMatch, versioned } from '../../core/resource';

export const settingsKeys = { section: (s: SettingsSection) => ['organization-settings', s] as const };

/** A section's values, with their version (`versionOf`, the answer's ETag). */
export const getSettings = async <S extends SettingsSection>(section: S) =>
  versioned(await api.get<SectionSettings<S>>(`/organization-settings/${section}`));
/** Saves a section; with `version` (If-Match) a section changed meanwhile answers 412. */
export const saveSettings = async <S extends SettingsSection>(section: S, body: unknown, version?: string) =>
  versioned(await api.put<SectionSettings<S>>(`/organization-settings/${section}`, body, ifMatch(version)));
