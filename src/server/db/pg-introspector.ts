// What Kysely's migrator asks the database (does the migration table exist, does the schema), read
// from the schema in use only. Kysely's own PostgreSQL introspector walks every schema of the
// database and resolves each table again by name (pg_get_serial_sequence, has_schema_privilege):
// when another schema of that database is dropped meanwhile (the tests run one per file; a
// deployment may share its database) the query fails with 'schema … does not exist' and so does
// the start-up. Here the catalogue is joined by object ids, and only the current schema is read.
import { sql, type DatabaseIntrospector, type DatabaseMetadata, type DatabaseMetadataOptions, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

interface ColumnRow {
  table: string;
  kind: string;
  schema: string;
  column: string;
  data_type: string;
  data_type_schema: string;
  not_null: boolean;
  has_default: boolean;
  is_identity: boolean;
  default_text: string | null;
}

export class OwnSchemaIntrospector implements DatabaseIntrospector {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database: the catalogue is read with raw SQL
  constructor(private readonly db: Kysely<any>) {}

  /** The schema in use (the first of the search path that exists). */
  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string | null }>`SELECT current_schema() AS name`.execute(this.db);
    return rows.flatMap((r) => (r.name ? [{ name: r.name }] : []));
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      SELECT c.relname AS table, c.relkind AS kind, ns.nspname AS schema, a.attname AS column,
        typ.typname AS data_type, tns.nspname AS data_type_schema, a.attnotnull AS not_null,
        a.atthasdef AS has_default, a.attidentity <> '' AS is_identity, pg_get_expr(d.adbin, d.adrelid) AS default_text
      FROM pg_catalog.pg_class c
      JOIN pg_catalog.pg_namespace ns ON ns.oid = c.relnamespace
      JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      JOIN pg_catalog.pg_type typ ON typ.oid = a.atttypid
      JOIN pg_catalog.pg_namespace tns ON tns.oid = typ.typnamespace
      LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
      WHERE ns.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p')
      ORDER BY c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && (row.table === 'kysely_migration' || row.table === 'kysely_migration_lock')) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, isView: row.kind === 'v', schema: row.schema, columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.data_type,
        dataTypeSchema: row.data_type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default || row.is_identity,
        isAutoIncrementing: row.is_identity || (row.default_text?.startsWith('nextval(') ?? false),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
