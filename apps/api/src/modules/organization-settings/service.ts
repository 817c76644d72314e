import { eq } from 'drizzle-orm';
import { settingsWithDefaults, type SectionSettings, type SettingsSection } from '@operacoes/contract';
import type { DbOrTx } from '../../core/db';
import { organizations } from '../../core/schema';

/** A section of an organization's settings, over its defaults. The one way modules read them. */
export async function getOrganizationSettings<S extends SettingsSection>(db: DbOrTx, organizationId: number, section: S): Promise<SectionSettings<S>> {
  const [row] = await db.select({ settings: organizations.settings }).from(organizations).where(eq(organizations.id, organizationId));
  return settingsWithDefaults(section, (row?.settings as Record<string, unknown> | undefined)?.[section]);
}
