import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ORGANIZATION_SETTINGS, SETTINGS_SECTIONS, canReadSettingsSection, type SettingsSection } from '@operacoes/contract';
import { userOf } from '../../core/access';
import { audit, diff } from '../../core/audit';
import { forbidden, HttpError } from '../../core/errors';
import { answeringStale, ifMatchOf, refuseStale, versionOf } from '../../core/etag';
import type { DbOrTx } from '../../core/db';
import { organizations, revisions } from '../../core/schema';
import { getOrganizationSettings } from './service';

/**
 * The settings fields that name a row: the row must be the organization's own. Table names, not
 * module imports: the modules that own them read these settings, so importing them would be a cycle.
 */
const SETTINGS_REFERENCES: Partial<Record<SettingsSection, Record<string, { table: string; label: string }>>> = {
  viability: { default_template_id: { table: 'viability_unit_template', label: 'Modelo de unidade padrão' } },
};

/** Every reference of a section's body that is not a row of the organization: 422 naming each field at once. */
async function refuseForeignReferences(db: DbOrTx, organizationId: number, section: SettingsSection, values: Record<string, unknown>) {
  const refs = SETTINGS_REFERENCES[section] ?? {};
  const violations: { propertyPath: string; message: string }[] = [];
  for (const [field, { table, label }] of Object.entries(refs)) {
    const id = values[field];
    if (id === null || id === undefined) continue;
    const found = await db.execute(sql`select 1 from ${sql.identifier(table)} where id = ${id} and organization_id = ${organizationId}`);
    if (found.rows.length === 0) violations.push({ propertyPath: field, message: `${label}: não encontrado nesta organização` });
  }
  if (violations.length) throw new HttpError(422, violations.map((v) => v.message).join('; '), violations);
}

/** `GET/PUT /api/organization-settings/{section}`: one form per section, stored per organization, audited. */
export async function organizationSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const section of SETTINGS_SECTIONS) {
    const schema = ORGANIZATION_SETTINGS[section] as z.ZodObject;
    const tags = ['organization-settings'];
    // Any member reads a section unless the contract restricts it (MikroTik: ORG or network permissions).
    // The section's version (ETag) is a hash of its stored values: a save with an older If-Match is 412.
    app.get(`/organization-settings/${section}`, { config: { access: 'authenticated', etag: true }, schema: { tags, response: { 200: schema } } }, async (req, reply) => {
      const user = userOf(req);
      if (!canReadSettingsSection(user, section)) throw forbidden();
      const values = await getOrganizationSettings(app.db, user.organizationId, section as SettingsSection);
      reply.header('etag', versionOf(values));
      return values;
    });
    // Who changed this section last: the revisions whose changes name one of its fields.
    const ofSection = sql`exists (select 1 from jsonb_object_keys(${revisions.changes}) k where k like ${`${section}.%`})`;
    app.put(`/organization-settings/${section}`, { config: { access: 'orgAdmin', etag: true }, schema: { tags, body: schema, response: { 200: schema } } }, async (req, reply) => answeringStale(reply, async () => {
      const user = userOf(req);
      const values = req.body as Record<string, unknown>;
      await app.db.transaction(async (tx) => {
        const [org] = await tx.select({ settings: organizations.settings }).from(organizations).where(eq(organizations.id, user.organizationId)).for('update');
        await refuseForeignReferences(tx, user.organizationId, section as SettingsSection, values);
        const before = await getOrganizationSettings(tx, user.organizationId, section as SettingsSection);
        await refuseStale(tx, ifMatchOf(req), versionOf(before), { entity: 'organization_settings', entityId: user.organizationId, where: ofSection, current: async () => before });
        await tx
          .update(organizations)
          .set({ settings: { ...(org.settings ?? {}), [section]: values }, updated_at: new Date() })
          .where(eq(organizations.id, user.organizationId));
        const changes = Object.fromEntries(Object.entries(diff(before as Record<string, unknown>, values)).map(([k, v]) => [`${section}.${k}`, v]));
        if (Object.keys(changes).length) {
          await audit(tx, user, { entity: 'organization_settings', entityId: user.organizationId, organizationId: user.organizationId, action: 'update', changes });
        }
      });
      const saved = await getOrganizationSettings(app.db, user.organizationId, section as SettingsSection);
      // A new map tile host is allowed by the CSP from the next page load on.
      if (section === 'viability') await app.tileSources.refresh();
      reply.header('etag', versionOf(saved));
      return saved;
    }));
  }
}
