// The pre-upload check (the parser meets csv-spectrum in analytics'
// csvSpectrum.test.ts): each refusal a person would otherwise meet only after sending the file, with its line and column.
import { describe, expect, it } from 'vitest';
import { checkCsvHead } from './checkCsvHead.ts';
import { uploadHeader, uploadTemplate } from './uploadKinds.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const header = uploadTemplate('transactions').split('\r\n')[0]!;
const good = 'T1,M-1,2026-03-01T14:05:00Z,12.50,USD,visa,credit,contactless,approved,';

describe('checkCsvHead', () => {
  const fatal = (input: Uint8Array) =>
    checkCsvHead(input, 'transactions', true).fatal.map((problem) => problem.message);

  it('[U8] passes a template-shaped file, with or without a BOM and with CRLF', () => {
    expect(checkCsvHead(bytes(`${header}\r\n${good}\r\n`), 'transactions', true)).toEqual({
      encoding: 'utf-8',
      fatal: [],
      rows: [],
      rowsChecked: 1,
    });
    expect(checkCsvHead(bytes(`\uFEFF${header}\n${good}\n`), 'transactions', true).encoding).toBe('utf-8-bom');
  });
  it('[U8] refuses an empty file, a header without rows, UTF-16, Latin-1, binary data and another delimiter', () => {
    expect(fatal(bytes(''))).toEqual(['The file is empty: it needs a header row and at least one data row.']);
    expect(fatal(bytes(`${header}\n`))).toEqual(['The file has a header row but no data rows.']);
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...`${header}\n`].flatMap((char) => [char.charCodeAt(0), 0])]);
    expect(fatal(utf16)).toEqual(['The file is UTF-16 encoded: save it as UTF-8 (CSV UTF-8) and choose it again.']);
    expect(fatal(new Uint8Array([...bytes(`${header}\nT1,Caf`), 0xe9, ...bytes(',x\n')]))).toEqual([
      'The file is not UTF-8: it looks like Latin-1 (ISO 8859-1) or another legacy encoding. Save it as UTF-8 and choose it again.',
    ]);
    expect(fatal(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]))).toEqual([
      'The file holds binary data, not CSV text.',
    ]);
    expect(fatal(bytes(`${header.replaceAll(',', ';')}\n`))).toEqual([
      'The columns are separated by semicolons: the file must be comma-separated.',
    ]);
  });
  it('[U8] names missing, extra, misspelt and reordered columns', () => {
    expect(
      fatal(bytes(`${header.replace('tx_ref,', 'tx_rfe,').replace(',decline_code', '')},note\n${good}\n`)),
    ).toEqual([
      'Column "tx_rfe" is not a transactions column: did you mean "tx_ref"?',
      'Column "note" is not a transactions column.',
      'Column "tx_ref" is missing.',
      'Column "decline_code" is missing.',
    ]);
    const order =
      'the columns must be tx_ref, mid, ts, amount, currency, card_brand, card_type, entry_mode, auth_result, decline_code.';
    expect(fatal(bytes(`${header.replace('tx_ref,mid', 'mid,tx_ref')}\n${good}\n`))).toEqual([
      `Columns "mid" and "tx_ref" are out of order: ${order}`,
    ]);
    // missing, unknown and reordered at once: each named
    expect(
      fatal(
        bytes(
          `${header.replace('tx_ref,mid', 'mid,tx_ref').replace('currency,card_brand', 'card_brand,currency,note').replace(',decline_code', '')}\n${good}\n`,
        ),
      ),
    ).toEqual([
      'Column "note" is not a transactions column.',
      'Column "decline_code" is missing.',
      `Columns "mid", "tx_ref", "card_brand" and "currency" are out of order: ${order}`,
    ]);
  });
  it('[U8][U10] finds bad cells of the first rows with line and column: types, other date formats, negative amounts, ragged rows, an unterminated quote', () => {
    const text = [
      header,
      good,
      'T2,M-1,01/03/2026,-3,USD,visa,credit,chip,approved,',
      'T3,M-1',
      '"T4,M-1,2026-03-01T14:05:00Z,1.00,USD,visa,credit,chip,approved,',
      '',
    ].join('\n');
    expect(checkCsvHead(bytes(text), 'transactions', true).rows).toEqual([
      {
        line: 3,
        column: 'ts',
        message: 'ts must be an ISO 8601 date and time such as 2026-03-01T14:05:00Z (found "01/03/2026").',
      },
      {
        line: 3,
        column: 'amount',
        message: 'amount must be an amount above 0 with at most two decimals, such as 12.50 (found "-3").',
      },
      { line: 4, column: null, message: 'The line has 2 values; the header has 10.' },
      {
        line: 5,
        column: null,
        message: 'A quote that is never closed: close it, or double it if it is part of the value.',
      },
    ]);
  });
  it('[U9] finds the malformed records the loader rejects, on the physical line each starts on', () => {
    const text = [
      header,
      good.replace('T1', '"T\n1"'),
      good.replace('USD', '"US"D'),
      good.replace('USD', 'U"SD'),
      good.replace('T1', 'T5'),
      '',
    ].join('\n');
    const check = checkCsvHead(bytes(text), 'transactions', true);
    expect(check.rows).toEqual([
      {
        line: 4,
        column: null,
        message: 'Text after a closing quote: quote the whole value and double the quotes inside it.',
      },
      {
        line: 5,
        column: null,
        message: 'A quote inside an unquoted value: quote the whole value or remove the quote.',
      },
    ]);
    expect(check.rowsChecked).toBe(4);
  });
  it('[U10a] takes the merchants file with or without its optional last column, in its place only', () => {
    const merchant = 'M-1,One LLC,One Cafe,5812,CA,2025-01-15,processing';
    const check = (text: string) => checkCsvHead(bytes(text), 'merchants', true);
    expect(check(`${uploadHeader('merchants', false)}\n${merchant}\n`)).toMatchObject({ fatal: [], rows: [] });
    expect(check(`${uploadHeader('merchants')}\n${merchant},AG-1\n${merchant},\n`)).toMatchObject({
      fatal: [],
      rows: [],
      rowsChecked: 2,
    });
    // with the column in the header, every row carries it; a bad code is named by its column
    expect(check(`${uploadHeader('merchants')}\n${merchant}\n${merchant},bad code!\n`).rows).toEqual([
      { line: 2, column: null, message: 'The line has 7 values; the header has 8.' },
      {
        line: 3,
        column: 'agent_code',
        message:
          'agent_code must be a node code of at most 40 letters, digits, dots, dashes or underscores, such as AG-001 (found "bad code!").',
      },
    ]);
    expect(check(`agent_code,${uploadHeader('merchants', false)}\nAG-1,${merchant}\n`).fatal).toEqual([
      {
        line: 1,
        column: null,
        message: `Columns "agent_code", "mid", "legal_name", "dba_name", "mcc", "state_code", "onboarded_on" and "status" are out of order: the columns must be ${uploadHeader('merchants').replaceAll(',', ', ')}.`,
      },
    ]);
  });
  it('[U21] checks a hierarchy file’s cells; its parents are checked by the engine', () => {
    const text = `${uploadHeader('portfolio_nodes')}\nSI-1,,sub_iso,One\nAG-1,SI-1,branch,Two\n`;
    expect(checkCsvHead(bytes(text), 'portfolio_nodes', true).rows).toEqual([
      { line: 3, column: 'kind', message: 'kind must be one of sub_iso, agent (found "branch").' },
    ]);
  });
});
