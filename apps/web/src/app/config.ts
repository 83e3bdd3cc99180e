/** Deployment-specific links; each can be set at build time with a VITE_ variable. */
const env = import.meta.env;

export const config = {
  productName: "Boxyard",
  docsUrl: (env.VITE_DOCS_URL as string | undefined) ?? "https://github.com/boxyard/boxyard#readme",
  productSiteUrl: (env.VITE_PRODUCT_SITE_URL as string | undefined) ?? "https://github.com/boxyard/boxyard",
  issueUrl: (env.VITE_ISSUE_URL as string | undefined) ?? "https://github.com/boxyard/boxyard/issues/new",
  /** Where Enterprise 'Contact us' and the spending limit's 'contact us' lead. */
  salesUrl: (env.VITE_SALES_URL as string | undefined) ?? "mailto:sales@boxyard.dev",
  appVersion: (env.VITE_APP_VERSION as string | undefined) ?? "0.1.0",
};
