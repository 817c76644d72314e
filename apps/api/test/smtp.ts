import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string; raw: string; subject: string; text: string };

/** A real SMTP server on a free local port, keeping what it receives. */
export async function startSmtpServer() {
  const inbox: ReceivedMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // Quoted-printable soft line breaks and escapes, enough to read links and subjects.
        const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw, subject, text: decoded });
        waiting.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** Waits for a message to `to` (up to 5 s). */
    async waitFor(to: string): Promise<ReceivedMail> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = inbox.find((m) => m.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise<void>((r) => {
          waiting.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
