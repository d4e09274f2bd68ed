/**
 * How mail leaves the platform: one interface, two transports. With SMTP_URL (and MAIL_FROM)
 * nodemailer hands each message to that server; without it the outbox table is the delivery
 * (the embedded default, read on the 'Caixa de saída' page).
 */
import nodemailer from 'nodemailer';
import type { Config } from '../../config/config';
import type { MailTransportKind } from '../../domain/mail/outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachment?: { filename: string; contentType: string; content: Buffer };
}

export interface MailTransport {
  kind: MailTransportKind;
  /** Resolves once the message is delivered (accepted by the server); rejects otherwise. */
  deliver(message: MailMessage): Promise<{ messageId: string | null }>;
}

/** The embedded default: the outbox row already written is the message; nothing goes out. */
export const outboxTransport: MailTransport = {
  kind: 'outbox',
  deliver: async () => ({ messageId: null }),
};

export class MailTimeoutError extends Error {
  constructor(ms: number) {
    super(`SMTP server did not answer within ${ms} ms`);
    this.name = 'MailTimeoutError';
  }
}

export function smtpTransport(url: string, from: string, timeoutMs: number): MailTransport {
  return {
    kind: 'smtp',
    async deliver(message) {
      // A fresh connection per message (shares are rare); each phase and the whole send are
      // bounded, so a silent server cannot hold the request.
      const mailer = nodemailer.createTransport({
        url,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        dnsTimeout: timeoutMs,
      });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new MailTimeoutError(timeoutMs)), timeoutMs);
      });
      try {
        const info = await Promise.race([
          mailer.sendMail({
            from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
            attachments: message.attachment ? [message.attachment] : [],
          }),
          timeout,
        ]);
        return { messageId: typeof info.messageId === 'string' ? info.messageId : null };
      } finally {
        clearTimeout(timer);
        mailer.close();
      }
    },
  };
}

/** The transport the configuration asks for. */
export function mailTransport(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'SMTP_TIMEOUT_MS'>): MailTransport {
  if (config.SMTP_URL && config.MAIL_FROM) return smtpTransport(config.SMTP_URL, config.MAIL_FROM, config.SMTP_TIMEOUT_MS);
  return outboxTransport;
}
