/**
 * E-mail domains for the eligible-workspace offer (spec 2 §2.7): a workspace may be offered to the
 * people whose verified e-mail is at its domain; mail providers' domains never count.
 */

/** Domains of public mail providers: anyone can have an address there. */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "hotmail.co.uk",
  "live.com",
  "msn.com",
  "yahoo.com",
  "yahoo.co.uk",
  "yahoo.fr",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "yandex.com",
  "yandex.ru",
  "mail.ru",
  "qq.com",
  "163.com",
  "126.com",
  "zoho.com",
  "fastmail.com",
  "hey.com",
  "tutanota.com",
  "mail.com",
  "example.com",
  "users.noreply.github.com",
]);

/** The lowercase domain of an address, or null when it has none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 1 || at === email.length - 1) return null;
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase();
}

export function isPublicMailDomain(domain: string): boolean {
  return PUBLIC_MAIL_DOMAINS.has(domain.toLowerCase());
}

/** The domain an address can be offered workspaces for: its own, unless it is a public mail provider's. */
export function offerableDomain(email: string): string | null {
  const domain = emailDomain(email);
  return domain && !isPublicMailDomain(domain) ? domain : null;
}
