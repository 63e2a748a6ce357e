// E-mail: SMTP when SMTP_URL is set; otherwise .eml files under <data dir>/mail and the link logged.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: (msg: string) => void }): Mailer {
  let transport: Transporter;
  let dir: string | null = null;
  if (opts.smtpUrl) {
    transport = nodemailer.createTransport(opts.smtpUrl);
  } else {
    dir = path.join(opts.dataDir, 'mail');
    fs.mkdirSync(dir, { recursive: true });
    transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      if (dir) {
        const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
        const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
        // Written whole under another name, then renamed: whoever reads the folder never finds half a mail.
        const partial = path.join(dir, `.partial-${process.pid}-${crypto.randomBytes(6).toString('hex')}`);
        fs.writeFileSync(partial, (info as unknown as { message: Buffer }).message);
        fs.renameSync(partial, file);
        const link = mail.text.match(/https?:\/\/\S+/)?.[0];
        opts.log(`E-mail to ${mail.to} written to ${file}${link ? ` (link: ${link})` : ''}`);
      }
    },
  };
}
