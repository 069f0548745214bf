// Schema 5: rate limits (requests and tokens per minute) of keys, users, models and groups, and
// the period budgets (day, week, month) of keys and users: one jsonb column each (schema.ts
// RateLimits, PeriodBudgets). What periods have spent lives in Redis with the quota counters.
export const SCHEMA_5 = `
ALTER TABLE users ADD COLUMN limits jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE tokens ADD COLUMN limits jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE models ADD COLUMN limits jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE groups ADD COLUMN limits jsonb NOT NULL DEFAULT '{}'::jsonb;
`;
