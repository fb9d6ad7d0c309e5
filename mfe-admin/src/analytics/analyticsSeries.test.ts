import { makeAnalytics } from '../testing/platformServer';
import { csvFileName, csvOf, isUnrecorded, seriesCsv, seriesTables } from './analyticsSeries';

describe('csvOf', () => {
  it('writes RFC 4180: a header, CRLF line ends, quoted fields where needed, empty for null', () => {
    expect(
      csvOf(
        ['Date', 'Name', 'Count'],
        [
          ['2026-11-25', 'Plain', 3],
          ['2026-11-26', 'Comma, and "quotes"', null],
          ['2026-11-27', 'Two\nlines', 0],
        ],
      ),
    ).toBe(
      'Date,Name,Count\r\n' +
        '2026-11-25,Plain,3\r\n' +
        '2026-11-26,"Comma, and ""quotes""",\r\n' +
        '2026-11-27,"Two\nlines",0\r\n',
    );
  });
});

describe('seriesTables', () => {
  const tables = seriesTables(makeAnalytics(7));
  const table = (id: string) => tables.find((each) => each.id === id)!;

  it('has a row per day and the API’s totals, active accounts counted once over the period', () => {
    for (const each of tables) expect(each.rows).toHaveLength(7);
    expect(table('sign-ins').total.values).toEqual([28]);
    expect(table('active-accounts').total).toEqual({
      label: 'Accounts active in the period',
      values: [3],
    });
  });

  it('keeps unrecorded failures as null, out of the chart and empty in the CSV', () => {
    const imports = table('imports');
    expect(isUnrecorded(imports, 0)).toBe(false);
    expect(isUnrecorded(imports, 1)).toBe(true);
    expect(imports.total.values).toEqual([9, null]);
    expect(seriesCsv(imports).split('\r\n').slice(0, 3)).toEqual([
      'Date,Listings imported,Failed imports',
      '2026-11-19,0,',
      '2026-11-20,1,',
    ]);
  });

  it('writes verification outcomes with their words, and names each file after its series', () => {
    expect(seriesCsv(table('verification-outcomes')).split('\r\n')[0]).toBe(
      'Date,Verified,In review,Incomplete,Pending,Declined',
    );
    expect(csvFileName('sign-ins', 30)).toBe('hostdash-sign-ins-30-days.csv');
  });
});
