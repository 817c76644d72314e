import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml } from './html';

export type MailMessage = { to: string; subject: string; text: string; html?: string; attachments?: { filename: string; content: Buffer; contentType: string }[] };

/** Real SMTP when `SMTP_URL` is set; otherwise each message is written as an `.eml` file under `DATA_DIR/mail/`. */
export class Mailer {
  private transport: Transporter;
  private dir?: string;
  constructor(
    private opts: { smtpUrl?: string; from: string; dataDir: string },
    private log: FastifyBaseLogger,
  ) {
    if (opts.smtpUrl) {
      this.transport = nodemailer.createTransport(opts.smtpUrl);
    } else {
      this.dir = path.join(opts.dataDir, 'mail');
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
  }
  async send(msg: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.opts.from, ...msg });
    if (this.dir) {
      // Asynchronous: a synchronous write held every other request for an open and a write per message.
      const file = path.join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
      const message = (info as unknown as { message: Buffer }).message;
      await writeFile(file, message).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
        await mkdir(this.dir!, { recursive: true });
        await writeFile(file, message);
      });
      this.log.info({ to: msg.to, subject: msg.subject, file }, 'mail written to file');
    } else {
      this.log.info({ to: msg.to, subject: msg.subject }, 'mail sent');
    }
  }
  private queue: MailMessage[] = [];
  private sending = 0;
  private static CONCURRENCY = 4;

  /** Queues a message (a few sent at a time) without making the caller wait or fail; errors are logged. */
  sendInBackground(msg: MailMessage) {
    this.queue.push(msg);
    this.pump();
  }
  private pump() {
    while (this.sending < Mailer.CONCURRENCY && this.queue.length) {
      const msg = this.queue.shift()!;
      this.sending++;
      this.send(msg)
        .catch((err) => this.log.error({ err, to: msg.to, subject: msg.subject }, 'mail delivery failed'))
        .finally(() => {
          this.sending--;
          this.pump();
        });
    }
  }
}


/** A plain, readable HTML e-mail with one call-to-action link. */
export function mailLayout(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="background:#1565c0;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(action.url)}</p>`
    : '';
  return {
    html: `<div style="font-family:Arial,sans-serif;max-width:560px"><h2>${escapeHtml(title)}</h2>${body}${button}<hr><p style="font-size:12px;color:#666">Operações</p></div>`,
    text: [title, '', ...paragraphs, ...(action ? ['', `${action.label}: ${action.url}`] : [])].join('\n'),
  };
}
