/** A backup file restore will not act on: not ours, damaged, or holding something that is not data. */
export class RefusedBackupError extends Error {}

/** The target database already holds tables; restoring over them needs the operator's say-so. */
export class NotEmptyError extends Error {
  constructor() {
    super(
      "The database is not empty: restore into a fresh DATA_DIR or an empty database, or add --replace to drop what it holds first.",
    );
  }
}
