import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ORGANIZATION_SETTINGS, SETTINGS_SECTIONS, canReadSettingsSection, type SettingsSection } from '@operacoes/contract';
import { userOf } from '../../core/access';
import { audit, diff } from '../../core/audit';
import { forbidden } from '../../core/errors';
import { answeringStale, ifMatchOf, refuseStale, versionOf } from '../../core/etag';
import { organizations, revisions } from '../../core/schema';
import { getOrganizationSettings } from './service';

/** `GET/PUT /api/organization-settings/{section}`: one form per section, stored per organization, audited. */
export async function organizationSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const section of SETTINGS_SECTIONS) {
    const schema = ORGANIZATION_SETTINGS[section] as z.ZodObject;
    const tags = ['organization-settings'];
    // Any member reads a section unless the contract restricts it (MikroTik: ORG or network permissions).
    // The section's version (ETag) is a hash of its stored values: a save with an older If-Match is 412 (issue 17).
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
      reply.header('etag', versionOf(saved));
      return saved;
    }));
  }
}
