import nodemailer, { type Transporter } from "nodemailer";

export type MailMessage = { to: string; subject: string; text: string; html: string };

/** The mail port: SMTP when configured; with no SMTP nothing is sent (there is no mailer). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export type SmtpSettings = {
  /** smtp://user:password@host:587 or smtps://... (implicit TLS); wins over the separate settings. */
  url: string | undefined;
  host: string | undefined;
  port: number;
  /** Implicit TLS (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  from: string;
};

/** Sends through an SMTP server with nodemailer (a pool of connections, reused between mails). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(private readonly settings: SmtpSettings) {
    this.transport = settings.url
      ? nodemailer.createTransport(settings.url, { from: settings.from })
      : nodemailer.createTransport(
          {
            pool: true,
            host: settings.host,
            port: settings.port,
            secure: settings.secure,
            ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? "" } } : {}),
          },
          { from: settings.from },
        );
  }

  async send(message: MailMessage) {
    await this.transport.sendMail({
      from: this.settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  }

  close() {
    this.transport.close();
  }
}
