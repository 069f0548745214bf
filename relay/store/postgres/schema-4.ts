// Schema 4: request and response bodies kept with calls (relay/store/bodies/), and a key's opt-in to keep them.
export const SCHEMA_4 = `
CREATE TABLE call_bodies (
  request_id text PRIMARY KEY,
  created_at bigint NOT NULL,
  user_id bigint NOT NULL,
  data text NOT NULL
);
CREATE INDEX call_bodies_age ON call_bodies (created_at);
ALTER TABLE tokens ADD COLUMN log_bodies boolean NOT NULL DEFAULT false;
`;
