import { listPath, queryFromUrl, urlOf } from './listingsQuery';

const read = (search: string, remembered = 25) =>
  queryFromUrl(new URLSearchParams(search), remembered);

describe('the all-listings address', () => {
  it('reads filters, sort and page, and writes back only what differs from the defaults', () => {
    const query = read('account=3&status=inactive&pms=guesty&sort=account:desc&page=3&size=50');
    expect(query).toEqual({
      search: '',
      account: '3',
      status: 'inactive',
      pms: 'guesty',
      sort: 'account:desc',
      from: 100,
      size: 50,
    });
    expect(urlOf(query).toString()).toBe(
      'account=3&status=inactive&pms=guesty&sort=account%3Adesc&page=3&size=50',
    );
    expect(urlOf(read('')).toString()).toBe('');
    expect(listPath(null)).toBe('/admin/listings');
    expect(listPath(read('status=active'))).toBe('/admin/listings?status=active');
  });

  it('pages a search by 10 in relevance order, and falls back on anything it cannot read', () => {
    expect(read('search= loft &sort=city:asc&page=2&size=50')).toMatchObject({
      search: 'loft',
      sort: '',
      size: 10,
      from: 10,
    });
    expect(read('account=abc&status=gone&pms=Not%20A%20Pms&sort=price:asc&page=-1&size=7')).toEqual(
      {
        search: '',
        account: '',
        status: '',
        pms: '',
        sort: 'nickname:asc',
        from: 0,
        size: 25,
      },
    );
  });
});
