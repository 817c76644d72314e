/**
 * What the technician records on site: materials used (an item they hold becomes
 * installed at the client; a consumable leaves a stock section, balance checked), photos, the
 * client's signature, and the report of the concluded activity (PDF, also e-mailed to the client).
 * Only the order's assigned technicians record them (rights.ts).
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ACTIVITY_STATUS_LABELS,
  type ChecklistAnswer,
  type MaterialRead,
  type PhotoRead,
  externalActivityResource,
  idParam,
  materialInput,
  materialRead,
  photoRead,
  signatureInput,
  signatureRead,
} from '@operacoes/contract';
import { type CurrentUser, userOf } from '../../../core/access';
import { audit } from '../../../core/audit';
import type { DbOrTx } from '../../../core/db';
import { HttpError, conflict, unprocessable } from '../../../core/errors';
import { type ResourceDef, findVisible } from '../../../core/resource';
import { type PersonRef, num, personRefs, refOf } from '../../../core/rows';
import { saveUpload, storablePngDataUrl, uploadedFile } from '../../files';
import { type PatrimonyRow, movePatrimony, patrimonies, patrimonySearchText, products, recordQuantityMovement, sections, takeFromBalance } from '../../warehouse';
import { activityAnswers, activityEvents, activityMaterials, activityPhotos, activitySignatures, externalActivities } from '../schema';
import { type ActivityRow, presentActivities } from './present';
import { activityReportPdf } from './report';
import { organizationTimeZone, withTimeZone } from '../../../core/time-zone';
import { assertOnSite } from './rights';
import { ownRoutes } from '../../../core/resource-kit';

const tags = ['external-activity'];
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** 409 unless the activity is being executed (what is recorded on site is recorded then). */
function assertExecuting(a: ActivityRow, what: string) {
  if (a.status !== 'em_execucao') throw conflict(`A atividade ${a.code} está ${ACTIVITY_STATUS_LABELS[a.status].toLowerCase()}: ${what} durante a execução.`);
}

export async function materialsOf(db: DbOrTx, activityId: number): Promise<MaterialRead[]> {
  const rows = await db
    .select({ m: activityMaterials, product: { id: products.id, name: products.name, unit: products.unit_of_measure }, tag: patrimonies.tag, serial: patrimonies.serial, mac: patrimonies.mac, section: sections.name })
    .from(activityMaterials)
    .innerJoin(products, eq(products.id, activityMaterials.product_id))
    .leftJoin(patrimonies, eq(patrimonies.id, activityMaterials.patrimony_id))
    .leftJoin(sections, eq(sections.id, activityMaterials.section_id))
    .where(eq(activityMaterials.activity_id, activityId))
    .orderBy(asc(activityMaterials.id));
  const people = await personRefs(db, rows.map((r) => r.m.user_id));
  return rows.map(({ m, product, tag, serial, mac, section }) => ({
    id: m.id,
    kind: m.kind,
    product: { id: product.id, name: product.name },
    patrimony: m.patrimony_id ? { id: m.patrimony_id, tag: tag!, serial: serial ?? null, mac: mac ?? null } : null,
    section: m.section_id ? { id: m.section_id, name: section ?? '' } : null,
    quantity: num(m.quantity),
    unit: product.unit,
    user: refOf(people, m.user_id),
    created_at: m.created_at.toISOString(),
  }));
}

export async function photosOf(db: DbOrTx, activityId: number): Promise<PhotoRead[]> {
  const rows = await db.select().from(activityPhotos).where(eq(activityPhotos.activity_id, activityId)).orderBy(asc(activityPhotos.id));
  const people = await personRefs(db, rows.map((r) => r.user_id));
  return rows.map((p) => ({ id: p.id, url: p.url, caption: p.caption, item_key: p.item_key, user: refOf(people, p.user_id), created_at: p.created_at.toISOString() }));
}

/** Where an installed item went, for its movement: "Cliente X — endereço (atividade OS-000123)". */
const installedAt = (a: ActivityRow) => `Instalado no cliente ${a.client_name}${a.address ? ` — ${a.address}` : ''}`;

/** The technician whose van a section is (null: a place of the warehouse). */
async function vanOwner(tx: DbOrTx, sectionId: number | null): Promise<PersonRef | null> {
  if (!sectionId) return null;
  const [row] = await tx.select({ technician_id: sections.technician_id }).from(sections).where(eq(sections.id, sectionId));
  return row?.technician_id ? refOf(await personRefs(tx, [row.technician_id]), row.technician_id) : null;
}

/**
 * The serial and MAC read from the device's label, recorded on the item: a serial the item already
 * has must be the one read (otherwise this is another device than the tag says: 422), and likewise a MAC.
 */
function labelFields(item: PatrimonyRow, body: { serial?: string | null; mac?: string | null }): Partial<PatrimonyRow> {
  const extra: Partial<PatrimonyRow> = {};
  const serial = body.serial?.trim();
  if (serial) {
    if (item.serial && item.serial.trim().toLowerCase() !== serial.toLowerCase())
      throw unprocessable([{ propertyPath: 'serial', message: `O número de série lido (${serial}) não confere com o do item ${item.tag} (${item.serial}): confira a etiqueta.` }]);
    if (!item.serial) extra.serial = serial;
  }
  if (body.mac) {
    if (item.mac && item.mac !== body.mac) throw unprocessable([{ propertyPath: 'mac', message: `O MAC lido (${body.mac}) não confere com o do item ${item.tag} (${item.mac}): confira a etiqueta.` }]);
    if (!item.mac) extra.mac = body.mac;
  }
  if (extra.serial || extra.mac) extra.search_text = patrimonySearchText(item.tag, extra.serial ?? item.serial, extra.mac ?? item.mac);
  return extra;
}

async function useMaterial(tx: DbOrTx, user: CurrentUser, a: ActivityRow, body: z.infer<typeof materialInput>) {
  const document = `Atividade ${a.code}`;
  if (body.kind === 'patrimonio') {
    // The item's QR label holds its link (…/patrimony/edit/123); a typed tag is matched ignoring case.
    const scanned = body.tag.match(/\/patrimony\/(?:edit|info)\/(\d{1,9})\/?$/)?.[1];
    const [item] = await tx
      .select()
      .from(patrimonies)
      .where(and(eq(patrimonies.organization_id, a.organization_id), scanned ? eq(patrimonies.id, Number(scanned)) : sql`lower(${patrimonies.tag}) = lower(${body.tag})`))
      .for('update');
    if (!item) throw unprocessable([{ propertyPath: 'tag', message: `Nenhum item com a etiqueta "${body.tag}" nesta organização` }]);
    // In their hands, or available in their own van.
    const van = await vanOwner(tx, item.section_id);
    if (item.holder_user_id !== user.id && !(van?.id === user.id && item.status === 'disponivel')) {
      const where = van && van.id !== user.id ? `está na van de ${van.name}` : 'não está com você';
      throw conflict(`O item ${item.tag} ${where}: só itens que você tem em mãos ou na sua van podem ser instalados no cliente.`);
    }
    const moved = await movePatrimony(tx, user, item, { status: 'em_uso', section_id: null, holder_user_id: null }, { type: 'saida', document, reason: installedAt(a) }, labelFields(item, body));
    const [movement] = await tx.execute(sql`select id from movement where patrimony_id = ${item.id} order by id desc limit 1`).then((r) => r.rows as { id: number }[]);
    return { kind: 'patrimonio' as const, product_id: moved.product_id, patrimony_id: item.id, section_id: null, quantity: '1', movement_id: Number(movement.id) };
  }
  const [product] = await tx.select().from(products).where(and(eq(products.id, body.product_id), eq(products.organization_id, a.organization_id)));
  if (!product) throw unprocessable([{ propertyPath: 'product_id', message: 'Produto não encontrado nesta organização.' }]);
  if (product.tracking !== 'consumivel') throw unprocessable([{ propertyPath: 'product_id', message: `"${product.name}" é controlado por patrimônio: informe a etiqueta do item` }]);
  // No section named: the technician's own van.
  const [section] = await tx
    .select()
    .from(sections)
    .where(and(body.section_id ? eq(sections.id, body.section_id) : eq(sections.technician_id, user.id), eq(sections.organization_id, a.organization_id)));
  if (!section) throw unprocessable([{ propertyPath: 'section_id', message: body.section_id ? 'Seção não encontrada nesta organização.' : 'Escolha a seção de onde sai o material: você não tem uma van.' }]);
  if (section.technician_id && section.technician_id !== user.id && !user.superAdmin) {
    const owner = await vanOwner(tx, section.id);
    throw new HttpError(403, `A seção "${section.name}" é a van de ${owner?.name ?? 'outro técnico'}: só o técnico dela usa o que está nela.`);
  }
  await takeFromBalance(tx, { organizationId: a.organization_id, productId: product.id, sectionId: section.id, stockId: section.stock_id }, body.quantity, { product: product.name, section: section.name });
  const movement = await recordQuantityMovement(tx, user, {
    type: 'saida',
    organizationId: a.organization_id,
    productId: product.id,
    quantity: body.quantity,
    from: { stockId: section.stock_id, sectionId: section.id },
    document,
    reason: `Usado no cliente ${a.client_name}`,
  });
  return { kind: 'consumivel' as const, product_id: product.id, patrimony_id: null, section_id: section.id, quantity: String(body.quantity), movement_id: movement.id };
}

export async function signatureOf(db: DbOrTx, activityId: number) {
  const [s] = await db.select().from(activitySignatures).where(eq(activitySignatures.activity_id, activityId));
  return s ? { name: s.name, image: s.image, signed_at: s.signed_at.toISOString() } : null;
}

/** Everything the report shows, read in one place. */
export async function reportOf(app: FastifyInstance, row: ActivityRow) {
  const [shape] = await presentActivities([row], app.db);
  const [answerRows, materials, photos, events] = await Promise.all([
    app.db.select().from(activityAnswers).where(eq(activityAnswers.activity_id, row.id)),
    materialsOf(app.db, row.id),
    photosOf(app.db, row.id),
    app.db.select().from(activityEvents).where(eq(activityEvents.activity_id, row.id)).orderBy(asc(activityEvents.id)),
  ]);
  const answers: ChecklistAnswer[] = answerRows.map((a) => ({ item_key: a.item_key, kind: a.kind, value: a.value ?? null, answered_by: null, answered_at: a.answered_at.toISOString() }));
  const timeline = events.map((e) => ({ id: e.id, kind: e.kind, label: '', from_status: e.from_status, to_status: e.to_status, reason: e.reason, user: null, at: e.at.toISOString(), latitude: e.latitude, longitude: e.longitude, accuracy_m: e.accuracy_m }));
  const signature = await signatureOf(app.db, row.id);
  return activityReportPdf(app, { ...shape, signature }, { answers, materials, photos, timeline });
}

/** After a conclusion: the report to the client, when an e-mail was given (in the background; a failure is logged). */
export async function mailReport(app: FastifyInstance, activityId: number) {
  const [row] = await app.db.select().from(externalActivities).where(eq(externalActivities.id, activityId));
  if (!row?.client_email) return;
  // Sent after the request: the PDF and the text follow the activity's organization's zone.
  const zone = await organizationTimeZone(app.db, row.organization_id);
  const pdf = await withTimeZone(zone, () => reportOf(app, row));
  app.mailer.sendInBackground({
    to: row.client_email,
    subject: `Relatório do atendimento ${row.code}`,
    text: `Olá, ${row.client_name}.\n\nSegue em anexo o relatório do atendimento ${row.code}, concluído em ${row.finished_at?.toLocaleString('pt-BR', { timeZone: zone }) ?? ''}.\n\nAtenciosamente,\nEquipe técnica`,
    attachments: [{ filename: `atendimento-${row.code}.pdf`, content: pdf, contentType: 'application/pdf' }],
  });
}

/** Materials, photos, signature and report routes of `/api/external-activity/{id}`. */
export function activityWorkRoutes(fastify: FastifyInstance, def: ResourceDef) {
  const { app, read, write } = ownRoutes(fastify, externalActivityResource);
  const visible = (db: DbOrTx, user: CurrentUser, id: number, lock = false) => findVisible<ActivityRow>(def, db, user, id, lock);
  /** GET /external-activity/{id}/<part>: what `load` reads of an activity the user sees. */
  const readPart = (part: string, summary: string, response: z.ZodType, load: (db: DbOrTx, activityId: number) => Promise<unknown>) =>
    app.get(`/external-activity/:id/${part}`, { config: { access: read }, schema: { tags, summary, params: idParam, response: { 200: response } } }, async (req) => {
      const a = await visible(app.db, userOf(req), req.params.id);
      return load(app.db, a.id);
    });

  readPart('materials', 'Materiais utilizados', z.array(materialRead), materialsOf);

  app.post(
    '/external-activity/:id/materials',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Registrar material utilizado',
        description: 'Patrimônio: um item que o técnico tem em mãos (pela etiqueta) passa a instalado no cliente (em uso, movimentação de saída). Consumível: sai da seção escolhida (409 se o saldo não bastar). Tudo em uma transação.',
        params: idParam,
        body: materialInput,
        response: { 201: materialRead },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      const id = await app.db.transaction(async (tx) => {
        const a = await visible(tx, user, req.params.id, true);
        await assertOnSite(tx, user, a.id);
        assertExecuting(a, 'os materiais são registrados');
        const values = await useMaterial(tx, user, a, req.body);
        const [m] = await tx
          .insert(activityMaterials)
          .values({ activity_id: a.id, ...values, user_id: user.id })
          .returning();
        await audit(tx, user, { entity: 'external_activity', entityId: a.id, organizationId: a.organization_id, action: 'update', changes: { material: [null, { kind: m.kind, product_id: m.product_id, patrimony_id: m.patrimony_id, quantity: m.quantity }] } });
        return m.id;
      });
      const list = await materialsOf(app.db, req.params.id);
      return reply.code(201).send(list.find((m) => m.id === id)!);
    },
  );

  readPart('photos', 'Fotos da atividade', z.array(photoRead), photosOf);

  app.post(
    '/external-activity/:id/photos',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Enviar uma foto',
        description: 'multipart/form-data: `file` (JPEG ou PNG, até 5 MB, 40 megapixels e 10.000 pixels por lado; o celular reduz antes de enviar; guardada sem metadados, com no máximo 2.560 pixels no lado maior), `caption` e `item_key` (o item de foto do checklist) opcionais.',
        params: idParam,
        response: { 201: photoRead },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      const a = await visible(app.db, user, req.params.id);
      // Refused before the file is read and stored.
      await assertOnSite(app.db, user, a.id);
      assertExecuting(a, 'as fotos são enviadas');
      const file = await uploadedFile(req);
      const fields = file.fields as Record<string, { value?: unknown } | undefined>;
      const caption = typeof fields.caption?.value === 'string' ? fields.caption.value.trim().slice(0, 200) || null : null;
      const itemKey = typeof fields.item_key?.value === 'string' && fields.item_key.value ? fields.item_key.value : null;
      if (itemKey && !a.checklist.some((i) => i.key === itemKey && i.kind === 'foto')) throw unprocessable([{ propertyPath: 'item_key', message: 'Item de foto não encontrado no checklist desta atividade' }]);
      const url = await saveUpload(app, file, { kinds: ['image/jpeg', 'image/png'], maxBytes: PHOTO_MAX_BYTES, image: 'photo', organizationId: a.organization_id });
      const photo = await app.db.transaction(async (tx) => {
        const locked = await visible(tx, user, a.id, true);
        await assertOnSite(tx, user, a.id); // the technicians may have changed during the upload
        assertExecuting(locked, 'as fotos são enviadas');
        const [p] = await tx.insert(activityPhotos).values({ activity_id: a.id, url, caption, item_key: itemKey, user_id: user.id }).returning();
        if (itemKey) {
          // The photo answers its checklist item.
          await tx
            .insert(activityAnswers)
            .values({ activity_id: a.id, item_key: itemKey, kind: 'foto', value: url, answered_by: user.id })
            .onConflictDoUpdate({ target: [activityAnswers.activity_id, activityAnswers.item_key], set: { value: url, answered_by: user.id, answered_at: new Date() } });
        }
        await audit(tx, user, { entity: 'external_activity', entityId: a.id, organizationId: a.organization_id, action: 'update', changes: { photo: [null, url] } });
        return p;
      });
      return reply.code(201).send((await photosOf(app.db, a.id)).find((p) => p.id === photo.id)!);
    },
  );

  readPart('signature', 'Assinatura do cliente', signatureRead, signatureOf);

  app.put(
    '/external-activity/:id/signature',
    { config: { access: write }, schema: { tags, summary: 'Gravar a assinatura do cliente', description: 'O desenho (PNG em data URL, lido e regravado; até 40 megapixels e 10.000 pixels por lado) e o nome de quem assina; durante a execução.', params: idParam, body: signatureInput, response: { 200: signatureRead } } },
    async (req) => {
      const user = userOf(req);
      // Only its technicians, refused before the drawing is read.
      await assertOnSite(app.db, user, (await visible(app.db, user, req.params.id)).id);
      // Decoded and re-encoded before the transaction: its row lock is not held while an image is read.
      const image = await storablePngDataUrl(req.body.image, 'image');
      const row = await app.db.transaction(async (tx) => {
        const a = await visible(tx, user, req.params.id, true);
        await assertOnSite(tx, user, a.id);
        assertExecuting(a, 'o cliente assina');
        const values = { name: req.body.name, image, signed_at: new Date(), user_id: user.id };
        const [saved] = await tx.insert(activitySignatures).values({ activity_id: a.id, ...values }).onConflictDoUpdate({ target: activitySignatures.activity_id, set: values }).returning();
        await audit(tx, user, { entity: 'external_activity', entityId: a.id, organizationId: a.organization_id, action: 'update', changes: { signed_by: [null, req.body.name] } });
        return saved;
      });
      return { name: row.name, image: row.image, signed_at: row.signed_at.toISOString() };
    },
  );

  app.get(
    '/external-activity/:id/report',
    { config: { access: read, conflicts: true }, schema: { tags, summary: 'Relatório (PDF) da atividade concluída', description: 'Só de uma atividade concluída: antes disso, 409 dizendo a situação.', params: idParam, produces: ['application/pdf'] } },
    async (req, reply) => {
      const a = await visible(app.db, userOf(req), req.params.id);
      if (a.status !== 'concluida') throw new HttpError(409, `O relatório fica disponível quando a atividade é concluída (a ${a.code} está ${ACTIVITY_STATUS_LABELS[a.status].toLowerCase()}).`);
      const pdf = await reportOf(app, a);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="atendimento-${a.code}.pdf"`).send(pdf);
    },
  );
}

