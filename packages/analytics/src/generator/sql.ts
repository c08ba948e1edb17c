// Small builders for the SQL the generator sends: literals, inline tables and weighted picks. The
// generator inlines the values it computed itself (numbers, its own constants) rather than binding
// parameters, because DuckDB cannot bind inside `create table … as` and list literals.

export type SqlScalar = string | number | boolean | null;

export function sqlLiteral(value: SqlScalar): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Expected a finite number for SQL, received ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

export function sqlList(values: readonly SqlScalar[]): string {
  return `[${values.map(sqlLiteral).join(', ')}]`;
}

/** `(values (…), (…)) as name(columns)`: a constant table to join or select from. */
export function valuesTable(name: string, columns: readonly string[], rows: readonly (readonly SqlScalar[])[]): string {
  if (rows.length === 0) throw new Error(`valuesTable ${name}: expected at least one row`);
  return `(values ${rows.map((row) => `(${row.map(sqlLiteral).join(', ')})`).join(', ')}) as ${name}(${columns.join(', ')})`;
}

/**
 * A weighted choice: `case when u < p1 then v1 when u < p1 + p2 then v2 … else vn end`, where `u` is a
 * uniform in [0, 1) and the weights need not sum to 1. Values are SQL expressions.
 */
export function pickCase(u: string, options: readonly (readonly [value: string, weight: number])[]): string {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  if (!(total > 0)) throw new Error('pickCase: expected positive weights');
  let cumulative = 0;
  const branches = options.slice(0, -1).map(([value, weight]) => {
    cumulative += weight;
    return `when ${u} < ${cumulative / total} then ${value}`;
  });
  const last = options[options.length - 1]![0];
  return branches.length === 0 ? last : `case ${branches.join(' ')} else ${last} end`;
}
