import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** True when SMTP_URL is set: mail is really sent. */
  isConfigured: boolean;
  send(mail: OutgoingMail): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise a mailer that says it cannot send. */
export function createMailer(config: { smtpUrl?: string; mailFrom: string }): Mailer {
  if (!config.smtpUrl) {
    return {
      isConfigured: false,
      send: async () => {
        throw new Error('SMTP_URL is not set');
      },
    };
  }
  let transport: Transporter | null = null;
  return {
    isConfigured: true,
    async send(mail) {
      // Short timeouts: an administrator waits on this request.
      transport ??= nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 15_000,
      } as SMTPTransport.Options);
      await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
