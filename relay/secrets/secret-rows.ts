/** A stored secret as the database keeps it: its name and its sealed value (sealed-secret.ts), never the plain value. */
export interface SealedRow {
  name: string;
  sealed: string;
}

/** The rows under the database secret store: what a backend (PostgreSQL: store/postgres/secret-rows.ts) must do. */
export interface SecretRowAccess {
  /** The sealed value, or null. */
  get(name: string): Promise<string | null>;
  /** Inserts or replaces. */
  put(name: string, sealed: string): Promise<void>;
  /** Answers whether a row was deleted. */
  delete(name: string): Promise<boolean>;
  /** Every row, by name. */
  list(): Promise<SealedRow[]>;
}

export interface SecretRows extends SecretRowAccess {
  /**
   * Runs `work` in one transaction with the rows locked against other writers: everything it
   * wrote commits when it resolves, and nothing does when it throws (or the connection is lost).
   */
  transaction<T>(work: (rows: SecretRowAccess) => Promise<T>): Promise<T>;
}
