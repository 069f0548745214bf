// Schema 2: accounts and money (account-records.ts). Users get sign-in factors and
// invitations; redemption codes and top-ups take the records' shapes, with the statuses a
// credit passes through (crediting: begun, finished once after a crash).
export const SCHEMA_2 = `
ALTER TABLE users
  ADD COLUMN deleted_at bigint NOT NULL DEFAULT 0,
  ADD COLUMN aff_code text,
  ADD COLUMN inviter_id bigint NOT NULL DEFAULT 0,
  ADD COLUMN aff_quota bigint NOT NULL DEFAULT 0,
  ADD COLUMN aff_history_quota bigint NOT NULL DEFAULT 0,
  ADD COLUMN aff_count bigint NOT NULL DEFAULT 0,
  ADD COLUMN totp jsonb,
  ADD COLUMN passkeys jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN oauth jsonb NOT NULL DEFAULT '[]';
UPDATE users SET aff_code = substr(md5(random()::text || id::text), 1, 8) WHERE aff_code IS NULL;
ALTER TABLE users ALTER COLUMN aff_code SET NOT NULL;
CREATE UNIQUE INDEX users_aff_code ON users (aff_code);
CREATE INDEX users_email ON users (lower(email)) WHERE email <> '';
CREATE INDEX users_oauth ON users USING gin (oauth jsonb_path_ops);
CREATE INDEX users_passkeys ON users USING gin (passkeys jsonb_path_ops);

UPDATE redemption_codes SET redeemed_by = 0 WHERE redeemed_by IS NULL;
ALTER TABLE redemption_codes ALTER COLUMN redeemed_by SET DEFAULT 0, ALTER COLUMN redeemed_by SET NOT NULL;
CREATE INDEX redemption_codes_newest ON redemption_codes (id DESC);

ALTER TABLE top_ups DROP CONSTRAINT top_ups_redemption_id_fkey;
UPDATE top_ups SET redemption_id = 0 WHERE redemption_id IS NULL;
UPDATE top_ups SET status = 'done' WHERE status NOT IN ('pending', 'failed');
ALTER TABLE top_ups
  ALTER COLUMN redemption_id SET DEFAULT 0,
  ALTER COLUMN redemption_id SET NOT NULL,
  ADD COLUMN provider text NOT NULL DEFAULT '',
  ADD COLUMN note text NOT NULL DEFAULT '',
  DROP CONSTRAINT top_ups_source_check,
  DROP CONSTRAINT top_ups_status_check,
  ADD CONSTRAINT top_ups_source_check CHECK (source IN ('redemption', 'admin', 'payment', 'invitation')),
  ADD CONSTRAINT top_ups_status_check CHECK (status IN ('pending', 'crediting', 'done', 'failed', 'expired'));
CREATE INDEX top_ups_crediting ON top_ups (id) WHERE status = 'crediting';
`;
