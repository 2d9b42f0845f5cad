import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import {
  csvCell,
  csvHeader,
  csvLine,
  csvRow,
  csvStream,
  neutralise,
  ratioCell,
  UTF8_BOM,
  type CsvColumn,
  type CsvValue,
} from '@/lib/csv';

describe('neutralise', () => {
  it.each(['=SUM(1+1) mug', '+1', '-2', '@cmd', '\tx', '\rx'])('prefixes %j with a quote', (value) => {
    expect(neutralise(value)).toBe(`'${value}`);
  });

  it('leaves ordinary text alone', () => {
    expect(neutralise('Blue mug = nice')).toBe('Blue mug = nice');
  });
});

describe('a ratio column', () => {
  it('is written as a percentage with its unit in the header, in every export (0.3597 → 35.97 under "Margin (%)")', () => {
    const columns: CsvColumn<{ m: number | null }>[] = [
      { header: 'Margin', value: (r) => ratioCell(r.m), kind: 'ratio' },
    ];
    expect(csvHeader(columns)).toEqual(['Margin (%)']);
    expect([0.3597, -0.0712, 0.1, null].map((m) => csvRow(columns, { m })[0])).toEqual([35.97, -7.12, 10, null]);
    const drift: CsvColumn<{ m: number }>[] = [{ header: 'Drift', value: (r) => ratioCell(r.m, 6), kind: 'ratio' }];
    expect(csvRow(drift, { m: 0.0012344 })).toEqual([0.1234]);
  });
});

describe('ratioCell', () => {
  it('writes a margin to four places (12.35 % stays 12.35 %), a drift to the places asked, nothing as empty', () => {
    expect(ratioCell(0.123456)).toBe(0.1235);
    expect(ratioCell(0.00004)).toBe(0);
    expect(ratioCell(0.0012344, 6)).toBe(0.001234);
    expect(ratioCell(null)).toBeNull();
    expect(ratioCell(undefined)).toBeNull();
  });
});

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps numbers numeric, so a negative amount is not neutralised', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
  });

  it('writes nothing for null, undefined and non-finite numbers', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('neutralises before quoting', () => {
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });
});

describe('documents', () => {
  // A document as the exports stream it: one column per cell of the given rows.
  async function document(header: string[], rows: CsvValue[][]): Promise<string> {
    const columns: CsvColumn<CsvValue[]>[] = header.map((h, i) => ({ header: h, value: (row) => row[i] }));
    const stream = csvStream(
      columns,
      (async function* () {
        yield rows;
      })(),
    );
    // Response.text() would drop the BOM; keep it, as a downloaded file has it.
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
  }

  it('starts with a BOM and ends records with CRLF', async () => {
    const csv = await document(['a', 'b'], [[1, 'x']]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv).toBe(`${UTF8_BOM}a,b\r\n1,x\r\n`);
    expect(csvLine(['x'])).toBe('x\r\n');
  });

  it('round-trips through a CSV parser', async () => {
    const rows = [['=HYPERLINK("x")', 'comma, here', 'line\nbreak', -3.25]];
    const parsed = Papa.parse<string[]>((await document(['a', 'b', 'c', 'd'], rows)).slice(1), {
      skipEmptyLines: true,
    });
    expect(parsed.data[1]).toEqual([`'=HYPERLINK("x")`, 'comma, here', 'line\nbreak', '-3.25']);
  });
});

describe('csvStream', () => {
  const columns: CsvColumn<{ name: string; n: number }>[] = [
    { header: 'Name', value: (r) => r.name },
    { header: 'N', value: (r) => r.n },
  ];

  async function read(stream: ReadableStream<Uint8Array>): Promise<string> {
    return new Response(stream).text();
  }

  it('streams the BOM, the header and every batch in order', async () => {
    async function* batches() {
      yield [{ name: 'a', n: 1 }];
      yield [];
      yield [
        { name: '@b', n: 2 },
        { name: 'c', n: 3 },
      ];
    }
    const bytes = new Uint8Array(await new Response(csvStream(columns, batches())).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text).toBe("Name,N\r\na,1\r\n'@b,2\r\nc,3\r\n");
  });

  it('errors the stream when the source fails mid-way (no silently truncated file)', async () => {
    async function* failing() {
      yield [{ name: 'a', n: 1 }];
      throw new Error('upstream down');
    }
    await expect(read(csvStream(columns, failing()))).rejects.toThrow('upstream down');
  });
});
