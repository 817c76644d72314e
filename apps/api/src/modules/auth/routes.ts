import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ALL_PERMISSIONS,
  DEFAULT_SETTINGS,
  changePasswordBody,
  forgotPasswordRequest,
  forgotPasswordReset,
  loginBody,
  loginResponse,
  registerBody,
} from '@operacoes/contract';
import { userOf } from '../../core/access';
import { audit } from '../../core/audit';
import { HttpError } from '../../core/errors';
import { searchText } from '../../core/list';
import { mailLayout } from '../../core/mail';
import { assertStrongPassword } from '../../core/password-strength';
import { organizations, persons, users } from '../../core/schema';
import { consumeOneTimeToken, issueOneTimeToken } from './one-time';
import { clearedFilesCookie } from '../../core/tokens';
import { buildSession } from './session';

const message = z.object({ message: z.string() });
const RESET_TTL_MS = 3600_000;
const CONFIRM_TTL_MS = 48 * 3600_000;
/** The one answer to every well-formed registration, new or not (no account enumeration). */
export const REGISTER_ANSWER = 'Cadastro recebido. Enviamos uma mensagem para o seu e-mail: siga as instruções dela para concluir.';

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  app.post(
    '/login',
    { config: { access: 'public' }, schema: { tags, security: [], body: loginBody, response: { 200: loginResponse } } },
    async (req, reply) => {
      const { username, password } = req.body;
      app.limits.loginIp.hit(req.ip);
      app.limits.loginUser.hit(username.toLowerCase());
      const [row] = await app.db
        .select({ id: users.id, hash: users.password_hash, is_active: users.is_active, is_confirmed: users.is_confirmed, org_active: organizations.is_active })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organization_id))
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
      // Same work for unknown users and wrong passwords: one argon2 verification either way.
      const ok = await app.passwords.verify(row?.hash, password);
      if (!row || !ok) throw new HttpError(401, 'Invalid credentials.');
      if (!row.is_confirmed) throw new HttpError(403, 'Confirme seu e-mail antes de entrar: abra o link que enviamos para você.');
      if (!row.is_active) throw new HttpError(403, 'Usuário inativo. Procure o administrador da sua organização.');
      if (!row.org_active) throw new HttpError(403, 'Organização inativa. Procure o suporte.');
      if (app.passwords.needsRehash(row.hash)) {
        // Unless the password changed meanwhile (the old hash is the condition).
        const rehashed = await app.passwords.hash(password);
        await app.db.update(users).set({ password_hash: rehashed }).where(and(eq(users.id, row.id), eq(users.password_hash, row.hash)));
      }
      return buildSession(app, row.id, { req, reply });
    },
  );

  app.post('/logout', { config: { access: 'authenticated' }, schema: { tags } }, async (req, reply) => {
    const user = userOf(req);
    await app.db.update(users).set({ token_version: sql`${users.token_version} + 1` }).where(eq(users.id, user.id));
    await app.realtime.revokeUser(user.id);
    return reply.status(204).header('set-cookie', clearedFilesCookie(req.protocol === 'https')).send();
  });

  app.put(
    '/user/changePassword',
    { config: { access: 'authenticated', noApiToken: true }, schema: { tags, body: changePasswordBody, response: { 200: loginResponse } } },
    async (req, reply) => {
      const user = userOf(req);
      const [row] = await app.db
        .select({ hash: users.password_hash, username: users.username, email: users.email, nickname: persons.nickname, full_name: persons.full_name })
        .from(users)
        .innerJoin(persons, eq(persons.id, users.person_id))
        .where(eq(users.id, user.id));
      if (!(await app.passwords.verify(row.hash, req.body.current_password))) {
        throw new HttpError(422, 'A senha atual está incorreta.', [{ propertyPath: 'current_password', message: 'A senha atual está incorreta.' }]);
      }
      await assertStrongPassword(req.body.new_password, [row.username, row.email, row.nickname, row.full_name], 'new_password');
      const hash = await app.passwords.hash(req.body.new_password);
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ password_hash: hash, token_version: sql`${users.token_version} + 1`, updated_at: new Date() }).where(eq(users.id, user.id));
        await audit(tx, user, { entity: 'user', entityId: user.id, organizationId: user.organizationId, action: 'update', changes: { password: ['***', '***'] } });
      });
      await app.realtime.revokeUser(user.id);
      return buildSession(app, user.id, { req, reply });
    },
  );

  app.post(
    '/register',
    { config: { access: 'public' }, schema: { tags, security: [], body: registerBody, response: { 201: message } } },
    async (req, reply) => {
      app.limits.resetIp.hit(req.ip);
      const b = req.body;
      await assertStrongPassword(b.password, [b.username, b.email, b.person.nickname, b.person.full_name, b.organization.fantasy_name]);
      // Same answer whether or not the username or e-mail is taken (like forgot-password): the
      // news goes to the e-mail address, whose owner alone reads it. The hash is computed on
      // every path so the answer takes the same time.
      const passwordHash = await app.passwords.hash(b.password);
      reply.status(201);
      const answer = { message: REGISTER_ANSWER };
      const [owner] = await app.db
        .select({ username: users.username, nickname: persons.nickname })
        .from(users)
        .innerJoin(persons, eq(persons.id, users.person_id))
        .where(eq(sql`lower(${users.email})`, b.email.toLowerCase()));
      if (owner) {
        const mail = mailLayout('Tentativa de cadastro com o seu e-mail', [
          `Olá, ${owner.nickname}!`,
          `Alguém tentou criar uma nova conta no Operações com este e-mail, que já pertence ao usuário ${owner.username}. Se foi você, entre com esse usuário; se esqueceu a senha, use "Esqueci minha senha" na tela de entrada. Se não foi você, ignore esta mensagem: nada foi alterado.`,
        ], { label: 'Entrar', url: `${app.config.publicUrl}/login` });
        await app.mailer.send({ to: b.email, subject: 'Tentativa de cadastro no Operações', ...mail });
        return answer;
      }
      const [usernameTaken] = await app.db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.username})`, b.username.toLowerCase()));
      if (usernameTaken) {
        const mail = mailLayout('Escolha outro nome de usuário', [
          `Olá, ${b.person.nickname}!`,
          `Recebemos o cadastro da organização ${b.organization.fantasy_name}, mas o nome de usuário "${b.username}" já está em uso e o cadastro não foi criado. Faça o cadastro de novo com outro nome de usuário.`,
        ], { label: 'Cadastrar de novo', url: `${app.config.publicUrl}/register` });
        await app.mailer.send({ to: b.email, subject: 'Cadastro no Operações não concluído', ...mail });
        return answer;
      }
      const hash = await app.db.transaction(async (tx) => {
        const [org] = await tx
          .insert(organizations)
          .values({ fantasy_name: b.organization.fantasy_name, legal_name: b.organization.legal_name ?? '', email: b.email, search_text: searchText(b.organization.fantasy_name, b.organization.legal_name) })
          .returning();
        const [person] = await tx.insert(persons).values({ organization_id: org.id, ...b.person }).returning();
        const [user] = await tx
          .insert(users)
          .values({
            organization_id: org.id,
            person_id: person.id,
            username: b.username,
            email: b.email,
            password_hash: passwordHash,
            permissions: ALL_PERMISSIONS.filter((p) => !p.includes('.')),
            is_confirmed: false,
            settings: DEFAULT_SETTINGS,
            search_text: searchText(b.username, b.email, b.person.nickname, b.person.full_name),
          })
          .returning();
        await audit(tx, undefined, { entity: 'organization', entityId: org.id, organizationId: org.id, action: 'create', after: org });
        await audit(tx, undefined, { entity: 'user', entityId: user.id, organizationId: org.id, action: 'create', after: user });
        return issueOneTimeToken(tx, user.id, 'confirm', CONFIRM_TTL_MS);
      });
      const url = `${app.config.publicUrl}/api/register/confirm/${hash}`;
      const mail = mailLayout('Confirme seu cadastro', [`Olá, ${b.person.nickname}!`, `Recebemos o cadastro da organização ${b.organization.fantasy_name}. Confirme seu e-mail para começar a usar o Operações. O link vale por 48 horas.`], { label: 'Confirmar cadastro', url });
      await app.mailer.send({ to: b.email, subject: 'Confirme seu cadastro no Operações', ...mail });
      return answer;
    },
  );

  app.get(
    '/register/confirm/:hash',
    { config: { access: 'public' }, schema: { tags, security: [], params: z.object({ hash: z.string().max(200) }) } },
    async (req, reply) => {
      const { hash } = req.params;
      const userId = await app.db.transaction(async (tx) => {
        const id = await consumeOneTimeToken(tx, hash, 'confirm');
        if (id) await tx.update(users).set({ is_confirmed: true, updated_at: new Date() }).where(eq(users.id, id));
        return id;
      });
      const wantsHtml = (req.headers.accept ?? '').includes('text/html');
      if (wantsHtml) return reply.redirect(userId ? '/confirmed' : `/cannot-confirm/${encodeURIComponent(hash)}`);
      if (!userId) throw new HttpError(404, 'Link de confirmação inválido, expirado ou já utilizado.');
      return { message: 'Cadastro confirmado. Você já pode entrar.' };
    },
  );

  app.post(
    '/forgot-password/request',
    { config: { access: 'public' }, schema: { tags, security: [], body: forgotPasswordRequest, response: { 200: message } } },
    async (req) => {
      app.limits.resetIp.hit(req.ip);
      const email = req.body.email.toLowerCase();
      app.limits.resetEmail.hit(email);
      const [user] = await app.db
        .select({ id: users.id, email: users.email, is_active: users.is_active, nickname: persons.nickname })
        .from(users)
        .innerJoin(persons, eq(persons.id, users.person_id))
        .where(eq(sql`lower(${users.email})`, email));
      if (user?.is_active) {
        const hash = await issueOneTimeToken(app.db, user.id, 'reset', RESET_TTL_MS);
        const url = `${app.config.publicUrl}/forgot-password/reset/${hash}`;
        const mail = mailLayout('Redefinição de senha', [`Olá, ${user.nickname}!`, 'Recebemos um pedido para redefinir a sua senha. O link vale por 1 hora e pode ser usado uma única vez. Se não foi você, ignore esta mensagem.'], { label: 'Redefinir senha', url });
        app.mailer.sendInBackground({ to: user.email, subject: 'Redefinição de senha do Operações', ...mail });
      }
      return { message: 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.' };
    },
  );

  app.post(
    '/forgot-password/reset/:hash',
    { config: { access: 'public' }, schema: { tags, security: [], params: z.object({ hash: z.string().max(200) }), body: forgotPasswordReset, response: { 200: message } } },
    async (req) => {
      app.limits.resetIp.hit(req.ip);
      const passwordHash = await app.passwords.hash(req.body.password);
      const userId = await app.db.transaction(async (tx) => {
        const userId = await consumeOneTimeToken(tx, req.params.hash, 'reset');
        if (!userId) return undefined;
        const [account] = await tx
          .select({ username: users.username, email: users.email, nickname: persons.nickname, full_name: persons.full_name })
          .from(users)
          .innerJoin(persons, eq(persons.id, users.person_id))
          .where(eq(users.id, userId));
        // A weak password throws, the transaction rolls back and the link stays usable.
        await assertStrongPassword(req.body.password, [account.username, account.email, account.nickname, account.full_name]);
        await tx.update(users).set({ password_hash: passwordHash, token_version: sql`${users.token_version} + 1`, updated_at: new Date() }).where(eq(users.id, userId));
        const [u] = await tx.select({ org: users.organization_id }).from(users).where(eq(users.id, userId));
        await audit(tx, undefined, { entity: 'user', entityId: userId, organizationId: u.org, action: 'update', changes: { password: ['***', '***'] } });
        return userId;
      });
      if (userId) await app.realtime.revokeUser(userId);
      if (!userId) throw new HttpError(404, 'Link de redefinição inválido, expirado ou já utilizado.');
      return { message: 'Senha redefinida. Você já pode entrar com a nova senha.' };
    },
  );
}
