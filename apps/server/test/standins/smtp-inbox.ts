import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { SMTPServer } from "smtp-server";

/** A mail as received: its envelope recipients, subject and plain-text body (decoded). */
export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; raw: string };

function decodeQuotedPrintable(text: string): string {
  const bytes = Buffer.from(
    text
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
  return bytes.toString("utf8");
}

function decodeBody(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([^\s;]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Decodes a header that may be an RFC 2047 encoded word (=?UTF-8?Q?...?= or ?B?). */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_, _charset, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

/** The subject and the text/plain part of a raw message (nodemailer's multipart/alternative). */
export function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(head)?.[1] ?? "");
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (!boundary) return { subject, text: decodeBody(head, body) };
  for (const part of body.split(`--${boundary}`)) {
    const at = part.indexOf("\r\n\r\n");
    if (at === -1) continue;
    const partHead = part.slice(0, at);
    if (/content-type:\s*text\/plain/i.test(partHead)) {
      return { subject, text: decodeBody(partHead, part.slice(at + 4).replace(/\r\n$/, "")) };
    }
  }
  return { subject, text: "" };
}

/** A local SMTP server that keeps what it receives (tests read it; it delivers nothing further). */
export async function startSmtpInbox(port = 0) {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          ...parseMail(raw),
          raw,
        });
        for (const wake of [...waiters]) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    /** Waits for a mail to `to` (and matching `predicate`), received already or next. */
    waitFor(to: string, predicate: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 10_000) {
      return new Promise<ReceivedMail>((resolve, reject) => {
        const check = () => {
          const found = mails.find((m) => m.to.includes(to.toLowerCase()) && predicate(m));
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link of a mail's text. */
export function firstLink(mail: Pick<ReceivedMail, "text">): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in the mail: ${mail.text}`);
  return link;
}

// As a program (the end-to-end tests' web server): SMTP on --smtp-port, and the received mails as
// JSON on --http-port at GET /mails?to=<address>.
const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values } = parseArgs({
    options: { "smtp-port": { type: "string" }, "http-port": { type: "string" } },
  });
  const inbox = await startSmtpInbox(Number(values["smtp-port"]));
  const http = createHttpServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const to = url.searchParams.get("to")?.toLowerCase();
    const list = inbox.mails
      .filter((m) => !to || m.to.includes(to))
      .map(({ raw: _raw, ...mail }) => ({ ...mail, link: /https?:\/\/\S+/.exec(mail.text)?.[0] ?? null }));
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(list));
  });
  http.listen(Number(values["http-port"]), "127.0.0.1");
  const stop = () => {
    http.close();
    void inbox.close().then(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
