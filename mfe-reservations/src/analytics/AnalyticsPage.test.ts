import { fromFirstMonthWithData } from './AnalyticsPage';

const month = (name: string, total: number) => ({ month: name, total });

describe('fromFirstMonthWithData', () => {
  it('starts the chart at the first month with a stay, keeping empty months after it', () => {
    expect(
      fromFirstMonthWithData([
        month('2026-01', 0),
        month('2026-02', 0),
        month('2026-03', 4),
        month('2026-04', 0),
        month('2026-05', 7),
      ]).map((entry) => entry.month),
    ).toEqual(['2026-03', '2026-04', '2026-05']);
  });

  it('keeps the whole period when nothing happened in it (the chart then says so by itself)', () => {
    const empty = [month('2026-01', 0), month('2026-02', 0)];
    expect(fromFirstMonthWithData(empty)).toEqual(empty);
  });
});
