/**
 * Every PostgreSQL advisory-lock key Boxyard takes, in one place: two jobs sharing a key would
 * skip each other's runs (a replica busy with the billing cycle made the account purge wait).
 */
export const ADVISORY_LOCKS = {
  migrations: 7_314_001,
  sandboxPurge: 7_314_002,
  billingCycle: 7_314_003,
  accountPurge: 7_314_004,
} as const;
