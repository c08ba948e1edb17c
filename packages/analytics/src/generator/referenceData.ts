// The dimension rows shared by every organisation and their loading. The data lives in
// one file per concept (industries, states, card products, interchange programmes, decline codes,
// dispute reasons); this file turns them into table rows.
import type { DuckDBConnection } from '@duckdb/node-api';
import type { DimensionTable } from '../schema/tables.ts';
import { CARD_PRODUCTS } from './cardProducts.ts';
import { DECLINE_CODES } from './declineCodes.ts';
import { DISPUTE_REASONS } from './disputeReasons.ts';
import { DISPUTE_RULES } from './disputeRules.ts';
import { INDUSTRIES, INDUSTRY_GROUPS } from './industries.ts';
import { INTERCHANGE_PROGRAMS, PROGRAM_MCCS } from './interchangePrograms.ts';
import { valuesTable, type SqlScalar } from './sql.ts';
import { REGIONS, STATES } from './states.ts';

/** Decline codes a retry may turn into an approval (the "soft" split of the decline rate). */
export const SOFT_DECLINE_CODES: readonly string[] = DECLINE_CODES.filter((d) => d.soft).map((d) => d.code);

interface ReferenceTable {
  columns: readonly string[];
  /** Columns identifying a row: an existing row with the same key is replaced. */
  key: readonly string[];
  rows: readonly (readonly SqlScalar[])[];
}

const REFERENCE_ROWS: Record<DimensionTable, ReferenceTable> = {
  industry_groups: {
    columns: ['industry_group_id', 'name'],
    key: ['industry_group_id'],
    rows: INDUSTRY_GROUPS.map((g) => [g.industryGroupId, g.name]),
  },
  industries: {
    columns: [
      'mcc',
      'name',
      'industry_group_id',
      'risk_class',
      'card_present_share',
      'ticket_median',
      'ticket_sigma',
      'chargeback_rate',
      'tip_tolerance',
    ],
    key: ['mcc'],
    rows: INDUSTRIES.map((i) => [
      i.mcc,
      i.name,
      i.industryGroupId,
      i.riskClass,
      i.cardPresentShare,
      i.ticketMedian,
      i.ticketSigma,
      i.chargebackRate,
      i.tipTolerance,
    ]),
  },
  regions: {
    columns: ['region_id', 'name', 'country'],
    key: ['region_id'],
    rows: REGIONS.map((r) => [r.regionId, r.name, r.country]),
  },
  states: {
    columns: ['state_code', 'name', 'region_id', 'country', 'weight'],
    key: ['state_code'],
    rows: STATES.map((s) => [s.stateCode, s.name, s.regionId, s.country, s.weight]),
  },
  card_products: {
    columns: ['brand', 'card_type', 'tier', 'regulated'],
    key: ['brand', 'card_type', 'tier', 'regulated'],
    rows: CARD_PRODUCTS.map((p) => [p.brand, p.cardType, p.tier, p.regulated]),
  },
  interchange_programs: {
    columns: ['program_id', 'brand', 'card_type', 'tier', 'channel', 'pct', 'fixed', 'is_downgrade', 'name'],
    key: ['program_id'],
    rows: INTERCHANGE_PROGRAMS.map((p) => [
      p.programId,
      p.brand,
      p.cardType,
      p.tier,
      p.channel,
      p.pct,
      p.fixed,
      p.isDowngrade,
      p.name,
    ]),
  },
  interchange_program_mccs: { columns: ['program_id', 'mcc'], key: ['program_id', 'mcc'], rows: PROGRAM_MCCS },
  decline_codes: {
    columns: ['code', 'description', 'soft'],
    key: ['code'],
    rows: DECLINE_CODES.map((d) => [d.code, d.description, d.soft]),
  },
  dispute_reasons: {
    columns: ['reason_code', 'network', 'category'],
    key: ['reason_code'],
    rows: DISPUTE_REASONS.map((d) => [d.reasonCode, d.network, d.category]),
  },
  dispute_rules: {
    columns: ['network', 'stage', 'reason_code', 'respond_days', 'filer'],
    key: ['network', 'stage', 'reason_code'],
    rows: DISPUTE_RULES.map((r) => [r.network, r.stage, r.reasonCode, r.respondDays, r.filer]),
  },
};

/**
 * Writes the shared dimension rows into the tables createSchema made (DuckDBEngine.open runs both).
 * Idempotent: a row whose key exists is replaced, so a change to the constants reaches an existing file.
 */
export async function insertReferenceData(connection: DuckDBConnection): Promise<void> {
  for (const [table, { columns, key, rows }] of Object.entries(REFERENCE_ROWS)) {
    const match = key.map((column) => `t.${column} is not distinct from v.${column}`).join(' and ');
    await connection.run(
      `delete from ${table} t where exists (select 1 from ${valuesTable('v', columns, rows)} where ${match})`,
    );
    await connection.run(
      `insert into ${table} (${columns.join(', ')}) select * from ${valuesTable('v', columns, rows)}`,
    );
  }
}
