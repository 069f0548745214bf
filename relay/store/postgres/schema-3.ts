// Schema 3: the console language a user chose (UserRecord.language; '' follows the browser).
export const SCHEMA_3 = `
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT '';
`;
