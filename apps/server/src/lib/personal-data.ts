/**
 * One module's part of a person's data export (GDPR article 15, docs/privacy.md): its records, named
 * by kind, and the files they point to. Each module reads its own tables, in the person's own tenant
 * transaction, so the export holds exactly what their policies show them.
 */
export interface PersonalDataPart {
  records: Record<string, readonly unknown[]>;
  /** Stored files (modules/files) to add to the zip under `files/<folder>/`. */
  storedFiles?: ReadonlyArray<{ id: string; folder: string }>;
  /** Images kept in a column as base64 PNG (drawn signatures), added as `images/<name>.png`. */
  images?: ReadonlyArray<{ name: string; base64Png: string }>;
}
